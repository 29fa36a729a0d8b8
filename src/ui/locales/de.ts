import type { Messages } from '../i18n';
import type { ScreenMessages } from '../screen-messages';

export const messages: Messages = {
  frameTitle: 'Identitätsprüfung',
  loading: 'Identitätsprüfung wird geladen…',
  close: 'Schließen',
  announce: { ready: 'Prüfung bereit', inProgress: 'Prüfung läuft', submitted: 'Übermittelt, bitte warten', step: 'Schritt {index} von {total}' },
};

export const screens: ScreenMessages = {
  retry: 'Erneut versuchen',
  restart: 'Neu beginnen',
  cancelledTitle: 'Prüfung abgebrochen',
  cancelledText: 'Sie haben die Prüfung vor dem Ende verlassen.',
  resultTitle: { approved: 'Prüfung bestanden', declined: 'Prüfung abgelehnt', pending: 'Prüfung übermittelt', review: 'Prüfung wird kontrolliert' },
  resultText: {
    approved: 'Ihre Identität wurde bestätigt.',
    declined: 'Wir konnten Ihre Identität nicht bestätigen.',
    pending: 'Vielen Dank. Wir prüfen Ihre Angaben und teilen Ihnen das Ergebnis mit.',
    review: 'Eine Person prüft Ihre Angaben. Wir teilen Ihnen das Ergebnis mit.',
  },
  errorTitle: 'Etwas ist schiefgelaufen',
  errors: {
    'config-invalid': 'Diese Prüfung ist nicht richtig eingerichtet. Bitte wenden Sie sich an die Website.',
    'session-fetch-failed': 'Die Prüfung konnte nicht gestartet werden.',
    'session-expired': 'Ihre Sitzung ist abgelaufen.',
    'frame-load-timeout': 'Die Prüfung wurde nicht geladen.',
    'camera-unavailable': 'Ihre Kamera konnte nicht verwendet werden. Erlauben Sie den Kamerazugriff und versuchen Sie es erneut.',
    'provider-error': 'Der Prüfdienst hat ein Problem gemeldet.',
    offline: 'Sie sind offline. Die Prüfung wird fortgesetzt, sobald Sie wieder online sind.',
  },
};
