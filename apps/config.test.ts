import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('the public URL', () => {
  it('follows PORT when PUBLIC_BASE_URL is not set, and everything built on it follows', () => {
    const config = loadConfig({ PORT: '3100' });
    expect(config.publicBaseUrl).toBe('http://localhost:3100');
    expect(config.mobileMoney.callbackUrl).toBe('http://localhost:3100/api/payments/callbacks/mtn');
    expect(loadConfig({}).publicBaseUrl).toBe('http://localhost:3000');
  });

  it('follows the port the server listens on (PORT=0: the one the system picked)', () => {
    const config = loadConfig({ PORT: '0' }, { listeningPort: 41234 });
    expect(config.publicBaseUrl).toBe('http://localhost:41234');
    expect(config.mobileMoney.callbackUrl).toBe('http://localhost:41234/api/payments/callbacks/mtn');
  });

  it('is PUBLIC_BASE_URL when set (blank counts as unset), and the callback URL MOBILE_MONEY_CALLBACK_URL when set', () => {
    const set = loadConfig({ PORT: '3100', PUBLIC_BASE_URL: 'https://ikimina.example/' }, { listeningPort: 3100 });
    expect(set.publicBaseUrl).toBe('https://ikimina.example');
    expect(set.mobileMoney.callbackUrl).toBe('https://ikimina.example/api/payments/callbacks/mtn');
    expect(loadConfig({ PORT: '3100', PUBLIC_BASE_URL: ' ' }).publicBaseUrl).toBe('http://localhost:3100');
    const callback = loadConfig({ PORT: '3100', MOBILE_MONEY_CALLBACK_URL: 'https://hooks.example/mtn' });
    expect([callback.publicBaseUrl, callback.mobileMoney.callbackUrl]).toEqual(['http://localhost:3100', 'https://hooks.example/mtn']);
  });

  it('SEED_DEMO_WORLD is on by default and off with false or 0', () => {
    expect(loadConfig({}).seedDemoWorld).toBe(true);
    expect(loadConfig({ SEED_DEMO_WORLD: 'false' }).seedDemoWorld).toBe(false);
    expect(loadConfig({ SEED_DEMO_WORLD: '0' }).seedDemoWorld).toBe(false);
  });
});
