/**
 * Where Africa's Talking calls the USSD channel (registered in its dashboard), and the simulator
 * too. With AFRICASTALKING_CALLBACK_SECRET set, only the `:secret` forms answer (gateway-guard.ts).
 */
export const USSD_PATH = '/ussd/africastalking';
export const USSD_EVENTS_PATH = '/ussd/africastalking/events';
export const USSD_SECRET_PATH = '/ussd/africastalking/:secret';
export const USSD_SECRET_EVENTS_PATH = '/ussd/africastalking/:secret/events';

/** The step URL's path for a configured secret (null: the plain path of the embedded default). */
export function ussdPath(secret: string | null): string {
  return secret === null ? USSD_PATH : `${USSD_PATH}/${secret}`;
}
