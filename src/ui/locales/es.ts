import type { Messages } from '../i18n';
import type { ScreenMessages } from '../screen-messages';

export const messages: Messages = {
  frameTitle: 'Verificación de identidad',
  loading: 'Cargando la verificación…',
  close: 'Cerrar',
  announce: { ready: 'Verificación lista', inProgress: 'Verificación en curso', submitted: 'Enviado, espera por favor', step: 'Paso {index} de {total}' },
};

export const screens: ScreenMessages = {
  retry: 'Reintentar',
  restart: 'Empezar de nuevo',
  cancelledTitle: 'Verificación cancelada',
  cancelledText: 'Saliste de la verificación antes de terminarla.',
  resultTitle: { approved: 'Verificación aprobada', declined: 'Verificación rechazada', pending: 'Verificación enviada', review: 'Verificación en revisión' },
  resultText: {
    approved: 'Tu identidad ha sido verificada.',
    declined: 'No hemos podido verificar tu identidad.',
    pending: 'Gracias. Estamos revisando tus datos y te comunicaremos el resultado.',
    review: 'Una persona está revisando tu verificación. Te comunicaremos el resultado.',
  },
  errorTitle: 'Algo ha fallado',
  errors: {
    'config-invalid': 'Esta verificación no está bien configurada. Ponte en contacto con el sitio.',
    'session-fetch-failed': 'No hemos podido iniciar la verificación.',
    'session-expired': 'Tu sesión de verificación ha caducado.',
    'frame-load-timeout': 'La verificación no se ha cargado.',
    'camera-unavailable': 'No hemos podido usar tu cámara. Permite el acceso a la cámara y vuelve a intentarlo.',
    'provider-error': 'El servicio de verificación ha informado de un problema.',
    offline: 'No tienes conexión. La verificación continuará cuando vuelvas a estar en línea.',
  },
};
