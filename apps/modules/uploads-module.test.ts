/** The uploads configuration and the storage it chooses: local disk by default, S3 only when whole. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { S3FileStorage } from '../../adapters/storage/s3-file-storage.ts';
import { chooseStorage, uploadConnectSources } from './uploads-module.ts';

const S3 = { S3_BUCKET: 'ikimina', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };

describe('uploads configuration', () => {
  it('runs with no configuration: local disk under DATA_DIR/objects, 15-minute addresses, 60 an hour', () => {
    const config = loadConfig({ DATA_DIR: '/var/lib/ikimina' });
    expect(config.uploads).toEqual({ signingKey: null, addressLifetimeSeconds: 900, addressesPerHour: 60, storage: { kind: 'local', dir: join('/var/lib/ikimina', 'objects') } });
    expect(uploadConnectSources(config)).toEqual([]);
    expect(loadConfig({ OBJECT_STORAGE_DIR: '/srv/objects' }).uploads.storage).toEqual({ kind: 'local', dir: '/srv/objects' });
  });

  it('switches to S3 when the bucket and its keys are set, and refuses half an S3 configuration', () => {
    const config = loadConfig({ ...S3, S3_ENDPOINT: 'http://minio:9000', S3_PUBLIC_ENDPOINT: 'http://localhost:9000' });
    expect(config.uploads.storage).toEqual({ kind: 's3', endpoint: 'http://minio:9000', publicEndpoint: 'http://localhost:9000', bucket: 'ikimina', region: 'us-east-1', accessKeyId: 'key', secretAccessKey: 'secret' });
    expect(uploadConnectSources(config)).toEqual(['http://localhost:9000']);
    expect(uploadConnectSources(loadConfig({ ...S3, S3_REGION: 'eu-west-1' }))).toEqual(['https://s3.eu-west-1.amazonaws.com']);
    for (const partial of [{ S3_ENDPOINT: 'http://minio:9000' }, { S3_BUCKET: 'ikimina' }, { ...S3, S3_SECRET_ACCESS_KEY: '' }]) {
      expect(() => loadConfig(partial), JSON.stringify(partial)).toThrow(ConfigError);
    }
    expect(() => loadConfig({ ...S3, S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3 bucket name/);
  });

  it('reads the signing key and the limits, and refuses a key that is not 32 bytes', () => {
    const key = Buffer.alloc(32, 4).toString('base64');
    const config = loadConfig({ UPLOAD_SIGNING_KEY: key, UPLOAD_URL_TTL_SECONDS: '300', UPLOADS_PER_HOUR: '5' });
    expect(config.uploads).toMatchObject({ signingKey: Buffer.alloc(32, 4), addressLifetimeSeconds: 300, addressesPerHour: 5 });
    expect(() => loadConfig({ UPLOAD_SIGNING_KEY: 'c2hvcnQ=' })).toThrow(/32 random bytes/);
    expect(() => loadConfig({ UPLOAD_URL_TTL_SECONDS: '604801' })).toThrow(ConfigError);
  });

  it('with S3, gives presigned addresses and accepts none of this server\'s own', () => {
    const chosen = chooseStorage(loadConfig({ ...S3, S3_ENDPOINT: 'http://127.0.0.1:9' }));
    expect(chosen.storage).toBeInstanceOf(S3FileStorage);
    expect(chosen.addresses).toBe(chosen.storage);
    expect(chosen.signatures.verify({ objectId: 'x' }, new Date(), 'anything')).toBe(false);
    expect(chosen.bucket).toBe('ikimina');
  });
});
