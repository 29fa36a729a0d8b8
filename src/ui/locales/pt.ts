import type { Messages } from '../i18n';
import type { ScreenMessages } from '../screen-messages';

export const messages: Messages = {
  frameTitle: 'Verificação de identidade',
  loading: 'A carregar a verificação…',
  close: 'Fechar',
  announce: { ready: 'Verificação pronta', inProgress: 'Verificação em curso', submitted: 'Enviado, aguarde', step: 'Passo {index} de {total}' },
};

export const screens: ScreenMessages = {
  retry: 'Tentar novamente',
  restart: 'Recomeçar',
  cancelledTitle: 'Verificação cancelada',
  cancelledText: 'Saiu da verificação antes de a concluir.',
  resultTitle: { approved: 'Verificação aprovada', declined: 'Verificação recusada', pending: 'Verificação enviada', review: 'Verificação em análise' },
  resultText: {
    approved: 'A sua identidade foi verificada.',
    declined: 'Não foi possível verificar a sua identidade.',
    pending: 'Obrigado. Estamos a analisar os seus dados e iremos informá-lo do resultado.',
    review: 'Uma pessoa está a analisar a sua verificação. Iremos informá-lo do resultado.',
  },
  errorTitle: 'Ocorreu um problema',
  errors: {
    'config-invalid': 'Esta verificação não está bem configurada. Contacte o site.',
    'session-fetch-failed': 'Não foi possível iniciar a verificação.',
    'session-expired': 'A sua sessão de verificação expirou.',
    'frame-load-timeout': 'A verificação não carregou.',
    'camera-unavailable': 'Não foi possível usar a câmara. Permita o acesso à câmara e tente novamente.',
    'provider-error': 'O serviço de verificação comunicou um problema.',
    offline: 'Está offline. A verificação continuará quando voltar a estar online.',
  },
};
