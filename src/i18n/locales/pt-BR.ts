import type { Messages, ScreenMessages } from '../types';

export const messages: Messages = {
  frameTitle: 'Verificação de identidade',
  loading: 'Carregando a verificação…',
  close: 'Fechar',
  offline:
    'Você está sem conexão. Seu progresso foi mantido e a verificação vai continuar quando você voltar a ficar online.',
  slow: 'Isso está demorando mais do que o normal…',
  leave: {
    title: 'Sair da verificação?',
    text: 'O que você fez até agora não será salvo.',
    stay: 'Continuar a verificação',
    leave: 'Sair',
  },
  announce: {
    ready: 'Verificação pronta',
    inProgress: 'Verificação em andamento',
    submitted: 'Enviado, aguarde',
    step: 'Etapa {index} de {total}',
  },
};

export const screens: ScreenMessages = {
  retry: 'Tentar de novo',
  restart: 'Começar de novo',
  done: 'Concluir',
  cancelledTitle: 'Verificação cancelada',
  cancelledText: 'Você saiu da verificação antes de terminar.',
  resultTitle: {
    approved: 'Verificação aprovada',
    declined: 'Verificação recusada',
    pending: 'Verificação enviada',
    review: 'Verificação em análise',
  },
  resultText: {
    approved: 'Sua identidade foi verificada.',
    declined: 'Não conseguimos verificar sua identidade.',
    pending: 'Obrigado. Estamos analisando seus dados e vamos avisar você do resultado.',
    review: 'Uma pessoa está analisando sua verificação. Vamos avisar você do resultado.',
  },
  errors: {
    'config-invalid': {
      title: 'Verificação indisponível',
      text: 'Esta verificação não está configurada corretamente neste site.',
    },
    'session-fetch-failed': {
      title: 'Não foi possível iniciar a verificação',
      text: 'Confira sua conexão e tente de novo.',
    },
    'session-expired': { title: 'Sessão expirada', text: 'Sua sessão de verificação expirou.' },
    'frame-load-timeout': { title: 'A verificação não carregou', text: 'Confira sua conexão e tente de novo.' },
    'camera-unavailable': {
      title: 'Câmera indisponível',
      text: 'Permita o acesso à câmera para este site (o ícone da câmera na barra de endereço ou as configurações do celular) e tente de novo. Você também pode continuar em outro dispositivo.',
    },
    'provider-error': { title: 'O serviço de verificação informou um problema', text: 'Tente de novo.' },
    offline: {
      title: 'Você está sem conexão',
      text: 'Seu progresso foi mantido. A verificação vai continuar quando você voltar a ficar online.',
    },
  },
  stuck:
    'Recarregue a página para começar de novo. Se acontecer de novo, entre em contato com o site e informe esta referência.',
  reference: 'Referência',
};
