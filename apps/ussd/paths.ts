/** Where Africa's Talking calls the USSD channel (registered in its dashboard), and the simulator too. */
export const USSD_PATH = '/ussd/africastalking';
export const USSD_EVENTS_PATH = '/ussd/africastalking/events';
