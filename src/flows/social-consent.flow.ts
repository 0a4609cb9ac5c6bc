export { socialConsentMachine as liveSocialConsentMachine } from '../../machines/social-consent.machine.ts';
