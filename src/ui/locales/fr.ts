import type { Messages } from '../i18n';
import type { ScreenMessages } from '../screen-messages';

export const messages: Messages = {
  frameTitle: "Vérification d'identité",
  loading: 'Chargement de la vérification…',
  close: 'Fermer',
  announce: { ready: 'Vérification prête', inProgress: 'Vérification en cours', submitted: 'Envoyé, veuillez patienter', step: 'Étape {index} sur {total}' },
};

export const screens: ScreenMessages = {
  retry: 'Réessayer',
  restart: 'Recommencer',
  cancelledTitle: 'Vérification annulée',
  cancelledText: 'Vous avez quitté la vérification avant la fin.',
  resultTitle: { approved: 'Vérification approuvée', declined: 'Vérification refusée', pending: 'Vérification envoyée', review: 'Vérification en cours d’examen' },
  resultText: {
    approved: 'Votre identité a été vérifiée.',
    declined: "Nous n'avons pas pu vérifier votre identité.",
    pending: 'Merci. Nous vérifions vos informations et vous communiquerons le résultat.',
    review: 'Une personne examine votre vérification. Nous vous communiquerons le résultat.',
  },
  errorTitle: "Un problème est survenu",
  errors: {
    'config-invalid': "Cette vérification n'est pas configurée correctement. Veuillez contacter le site.",
    'session-fetch-failed': "Nous n'avons pas pu démarrer la vérification.",
    'session-expired': 'Votre session de vérification a expiré.',
    'frame-load-timeout': "La vérification ne s'est pas chargée.",
    'camera-unavailable': "Nous n'avons pas pu utiliser votre caméra. Autorisez l'accès à la caméra et réessayez.",
    'provider-error': 'Le service de vérification a signalé un problème.',
    offline: 'Vous êtes hors ligne. La vérification reprendra dès le retour de la connexion.',
  },
};
