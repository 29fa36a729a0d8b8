import type { Messages, ScreenMessages } from '../types';

export const messages: Messages = {
  frameTitle: 'Identitätsprüfung',
  loading: 'Identitätsprüfung wird geladen…',
  close: 'Schließen',
  offline: 'Sie sind offline. Ihr Fortschritt bleibt erhalten; die Prüfung geht weiter, sobald Sie wieder online sind.',
  slow: 'Das dauert länger als üblich…',
  window: 'Fahren Sie im geöffneten Fenster fort.',
  leave: {
    title: 'Prüfung verlassen?',
    text: 'Ihre bisherigen Angaben werden nicht gespeichert.',
    stay: 'Prüfung fortsetzen',
    leave: 'Verlassen',
  },
  announce: {
    ready: 'Prüfung bereit',
    inProgress: 'Prüfung läuft',
    submitted: 'Übermittelt, bitte warten',
    step: 'Schritt {index} von {total}',
  },
};

export const screens: ScreenMessages = {
  retry: 'Erneut versuchen',
  restart: 'Neu beginnen',
  done: 'Fertig',
  cancelledTitle: 'Prüfung abgebrochen',
  cancelledText: 'Sie haben die Prüfung vor dem Abschluss verlassen.',
  resultTitle: {
    approved: 'Prüfung bestanden',
    declined: 'Prüfung abgelehnt',
    pending: 'Prüfung übermittelt',
    review: 'Prüfung wird überprüft',
  },
  resultText: {
    approved: 'Ihre Identität wurde bestätigt.',
    declined: 'Wir konnten Ihre Identität nicht bestätigen.',
    pending: 'Vielen Dank. Wir prüfen Ihre Angaben und teilen Ihnen das Ergebnis mit.',
    review: 'Eine Person prüft Ihre Verifizierung. Wir teilen Ihnen das Ergebnis mit.',
  },
  checking: {
    title: 'Ihr Ergebnis wird geprüft',
    text: 'Das dauert meist nur wenige Sekunden. Bitte lassen Sie diese Seite geöffnet.',
  },
  later: {
    title: 'Ihr Ergebnis folgt',
    text: 'Ihre Verifizierung wurde übermittelt. Das Ergebnis liegt noch nicht vor; wir teilen es Ihnen mit, sobald es feststeht.',
  },
  errors: {
    'config-invalid': {
      title: 'Prüfung nicht verfügbar',
      text: 'Diese Prüfung ist auf dieser Website nicht richtig eingerichtet.',
    },
    'session-fetch-failed': {
      title: 'Die Prüfung konnte nicht gestartet werden',
      text: 'Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    },
    'session-expired': { title: 'Sitzung abgelaufen', text: 'Ihre Prüfungssitzung ist abgelaufen.' },
    'frame-load-timeout': {
      title: 'Die Prüfung wurde nicht geladen',
      text: 'Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    },
    'camera-unavailable': {
      title: 'Kamera nicht verfügbar',
      text: 'Erlauben Sie dieser Website den Kamerazugriff (das Kamerasymbol in der Adressleiste oder die Einstellungen Ihres Telefons) und versuchen Sie es erneut. Sie können auch auf einem anderen Gerät fortfahren.',
    },
    'provider-error': { title: 'Der Prüfdienst hat ein Problem gemeldet', text: 'Bitte versuchen Sie es erneut.' },
    offline: {
      title: 'Sie sind offline',
      text: 'Ihr Fortschritt bleibt erhalten. Die Prüfung geht weiter, sobald Sie wieder online sind.',
    },
  },
  reload: 'Seite neu laden',
  stuckConfig: 'Sie können das hier nicht beheben. Bitte wenden Sie sich an die Website und nennen Sie diese Referenz.',
  stuck:
    'Laden Sie die Seite neu, um neu zu beginnen. Wenn das erneut passiert, wenden Sie sich mit dieser Referenz an die Website.',
  reference: 'Referenz',
};
