import type { Messages, ScreenMessages } from '../types';

export const messages: Messages = {
  frameTitle: "Vérification d'identité",
  loading: 'Chargement de la vérification…',
  close: 'Fermer',
  offline:
    'Vous êtes hors ligne. Votre progression est conservée et la vérification reprendra dès le retour de la connexion.',
  slow: 'Cela prend plus de temps que d’habitude…',
  window: 'Continuez dans la fenêtre qui s’est ouverte.',
  leave: {
    title: 'Quitter la vérification ?',
    text: 'Ce que vous avez fait jusqu’ici ne sera pas conservé.',
    stay: 'Continuer la vérification',
    leave: 'Quitter',
  },
  announce: {
    ready: 'Vérification prête',
    inProgress: 'Vérification en cours',
    submitted: 'Envoyé, veuillez patienter',
    step: 'Étape {index} sur {total}',
  },
};

export const screens: ScreenMessages = {
  retry: 'Réessayer',
  restart: 'Recommencer',
  done: 'Terminé',
  cancelledTitle: 'Vérification annulée',
  cancelledText: 'Vous avez quitté la vérification avant la fin.',
  resultTitle: {
    approved: 'Vérification approuvée',
    declined: 'Vérification refusée',
    pending: 'Vérification envoyée',
    review: 'Vérification en cours d’examen',
  },
  resultText: {
    approved: 'Votre identité a été vérifiée.',
    declined: "Nous n'avons pas pu vérifier votre identité.",
    pending: 'Merci. Nous vérifions vos informations et vous informerons du résultat.',
    review: 'Une personne examine votre vérification. Nous vous informerons du résultat.',
  },
  checking: {
    title: 'Vérification de votre résultat',
    text: 'Cela prend généralement quelques secondes. Veuillez garder cette page ouverte.',
  },
  later: {
    title: 'Votre résultat suivra',
    text: 'Votre vérification a été envoyée. Le résultat n’est pas encore prêt ; nous vous le communiquerons dès qu’il le sera.',
  },
  errors: {
    'config-invalid': {
      title: 'Vérification indisponible',
      text: "Cette vérification n'est pas correctement configurée sur ce site.",
    },
    'session-fetch-failed': {
      title: 'Impossible de démarrer la vérification',
      text: 'Vérifiez votre connexion, puis réessayez.',
    },
    'session-expired': { title: 'Session expirée', text: 'Votre session de vérification a expiré.' },
    'frame-load-timeout': {
      title: "La vérification ne s'est pas chargée",
      text: 'Vérifiez votre connexion, puis réessayez.',
    },
    'camera-unavailable': {
      title: 'Caméra indisponible',
      text: "Autorisez l'accès à la caméra pour ce site (l'icône de caméra dans la barre d'adresse, ou les réglages de votre téléphone), puis réessayez. Vous pouvez aussi continuer sur un autre appareil.",
    },
    'provider-error': { title: 'Le service de vérification a signalé un problème', text: 'Veuillez réessayer.' },
    offline: {
      title: 'Vous êtes hors ligne',
      text: 'Votre progression est conservée. La vérification reprendra dès le retour de la connexion.',
    },
  },
  reload: 'Recharger la page',
  stuckConfig: 'Vous ne pouvez pas résoudre ce problème ici. Contactez le site en indiquant cette référence.',
  stuck: 'Rechargez la page pour recommencer. Si cela se reproduit, contactez le site en indiquant cette référence.',
  reference: 'Référence',
};
