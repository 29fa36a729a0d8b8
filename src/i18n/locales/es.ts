import type { Messages, ScreenMessages } from '../types';

export const messages: Messages = {
  frameTitle: 'Verificación de identidad',
  loading: 'Cargando la verificación…',
  close: 'Cerrar',
  offline: 'No tienes conexión. Tu progreso se conserva y la verificación continuará cuando vuelvas a estar en línea.',
  slow: 'Esto está tardando más de lo habitual…',
  window: 'Continúa en la ventana que se abrió.',
  leave: {
    title: '¿Salir de la verificación?',
    text: 'Lo que has hecho hasta ahora no se guardará.',
    stay: 'Continuar la verificación',
    leave: 'Salir',
  },
  announce: {
    ready: 'Verificación lista',
    inProgress: 'Verificación en curso',
    submitted: 'Enviado, espera por favor',
    step: 'Paso {index} de {total}',
  },
};

export const screens: ScreenMessages = {
  retry: 'Reintentar',
  restart: 'Empezar de nuevo',
  done: 'Listo',
  cancelledTitle: 'Verificación cancelada',
  cancelledText: 'Saliste de la verificación antes de terminarla.',
  resultTitle: {
    approved: 'Verificación aprobada',
    declined: 'Verificación rechazada',
    pending: 'Verificación enviada',
    review: 'Verificación en revisión',
  },
  resultText: {
    approved: 'Tu identidad ha sido verificada.',
    declined: 'No hemos podido verificar tu identidad.',
    pending: 'Gracias. Estamos revisando tus datos y te comunicaremos el resultado.',
    review: 'Una persona está revisando tu verificación. Te comunicaremos el resultado.',
  },
  checking: { title: 'Comprobando su resultado', text: 'Suele tardar unos segundos. Mantenga esta página abierta.' },
  later: {
    title: 'Su resultado llegará más tarde',
    text: 'Su verificación se ha enviado. El resultado aún no está listo; le avisaremos cuando lo esté.',
  },
  errors: {
    'config-invalid': {
      title: 'Verificación no disponible',
      text: 'Esta verificación no está bien configurada en este sitio.',
    },
    'session-fetch-failed': {
      title: 'No se pudo iniciar la verificación',
      text: 'Comprueba tu conexión y vuelve a intentarlo.',
    },
    'session-expired': { title: 'Sesión caducada', text: 'Tu sesión de verificación ha caducado.' },
    'frame-load-timeout': {
      title: 'La verificación no se ha cargado',
      text: 'Comprueba tu conexión y vuelve a intentarlo.',
    },
    'camera-unavailable': {
      title: 'Cámara no disponible',
      text: 'Permite el acceso a la cámara para este sitio (el icono de la cámara en la barra de direcciones o los ajustes de tu teléfono) y vuelve a intentarlo. También puedes continuar en otro dispositivo.',
    },
    'provider-error': {
      title: 'El servicio de verificación ha informado de un problema',
      text: 'Vuelve a intentarlo.',
    },
    offline: {
      title: 'No tienes conexión',
      text: 'Tu progreso se conserva. La verificación continuará cuando vuelvas a estar en línea.',
    },
  },
  reload: 'Recargar la página',
  stuckConfig: 'No puede solucionarlo desde aquí. Póngase en contacto con el sitio e indique esta referencia.',
  stuck:
    'Recarga la página para empezar de nuevo. Si vuelve a ocurrir, contacta con el sitio e indica esta referencia.',
  reference: 'Referencia',
};
