import type { Messages, ScreenMessages } from '../types';

export const messages: Messages = {
  frameTitle: 'Verificação de identidade',
  loading: 'A carregar a verificação…',
  close: 'Fechar',
  offline: 'Está offline. O seu progresso é mantido e a verificação continuará quando voltar a estar online.',
  slow: 'Está a demorar mais do que o habitual…',
  window: 'Continue na janela que se abriu.',
  leave: {
    title: 'Sair da verificação?',
    text: 'O que fez até agora não será guardado.',
    stay: 'Continuar a verificação',
    leave: 'Sair',
  },
  announce: {
    ready: 'Verificação pronta',
    inProgress: 'Verificação em curso',
    submitted: 'Enviado, aguarde',
    step: 'Passo {index} de {total}',
  },
};

export const screens: ScreenMessages = {
  retry: 'Tentar novamente',
  restart: 'Recomeçar',
  done: 'Concluir',
  cancelledTitle: 'Verificação cancelada',
  cancelledText: 'Saiu da verificação antes de a concluir.',
  resultTitle: {
    approved: 'Verificação aprovada',
    declined: 'Verificação recusada',
    pending: 'Verificação enviada',
    review: 'Verificação em análise',
  },
  resultText: {
    approved: 'A sua identidade foi verificada.',
    declined: 'Não foi possível verificar a sua identidade.',
    pending: 'Obrigado. Estamos a analisar os seus dados e iremos informá-lo do resultado.',
    review: 'Uma pessoa está a analisar a sua verificação. Iremos informá-lo do resultado.',
  },
  checking: {
    title: 'A verificar o seu resultado',
    text: 'Normalmente demora alguns segundos. Mantenha esta página aberta.',
  },
  later: {
    title: 'O seu resultado será comunicado mais tarde',
    text: 'A sua verificação foi enviada. O resultado ainda não está pronto; iremos informá-lo quando estiver.',
  },
  errors: {
    'config-invalid': {
      title: 'Verificação indisponível',
      text: 'Esta verificação não está bem configurada neste site.',
    },
    'session-fetch-failed': {
      title: 'Não foi possível iniciar a verificação',
      text: 'Verifique a sua ligação e tente novamente.',
    },
    'session-expired': { title: 'Sessão expirada', text: 'A sua sessão de verificação expirou.' },
    'frame-load-timeout': { title: 'A verificação não carregou', text: 'Verifique a sua ligação e tente novamente.' },
    'camera-unavailable': {
      title: 'Câmara indisponível',
      text: 'Permita o acesso à câmara para este site (o ícone da câmara na barra de endereço ou as definições do telemóvel) e tente novamente. Também pode continuar noutro dispositivo.',
    },
    'provider-error': { title: 'O serviço de verificação comunicou um problema', text: 'Tente novamente.' },
    offline: {
      title: 'Está offline',
      text: 'O seu progresso é mantido. A verificação continuará quando voltar a estar online.',
    },
  },
  reload: 'Recarregar a página',
  stuckConfig: 'Não é possível resolver isto aqui. Contacte o site e indique esta referência.',
  stuck: 'Recarregue a página para recomeçar. Se voltar a acontecer, contacte o site e indique esta referência.',
  reference: 'Referência',
};
