import type { Messages, ScreenMessages } from '../types';
import { messages as portugal, screens as portugalScreens } from './pt';

/**
 * Brazilian Portuguese: European Portuguese's text (pt.ts), with Brazil's words where they differ. What both
 * say alike (the result titles, most error titles, "Fechar", "Referência"…) is written once, in pt.ts.
 */

type Words<T> = { [K in keyof T]?: T[K] extends string ? string : Words<T[K]> };

/** `base` with `words` in place of its texts, key by key (a new object: pt.ts's stays as it is). */
function brazilian<T extends object>(base: T, words: Words<T>): T {
  const out = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(words))
    out[key] = typeof value === 'string' ? value : brazilian(out[key] as object, value as Words<object>);
  return out as T;
}

export const messages: Messages = brazilian(portugal, {
  loading: 'Carregando a verificação…',
  offline:
    'Você está sem conexão. Seu progresso foi mantido e a verificação vai continuar quando você voltar a ficar online.',
  slow: 'Isso está demorando mais do que o normal…',
  window: 'Continue na janela que foi aberta.',
  leave: { text: 'O que você fez até agora não será salvo.' },
  announce: { inProgress: 'Verificação em andamento', step: 'Etapa {index} de {total}' },
});

export const screens: ScreenMessages = brazilian(portugalScreens, {
  retry: 'Tentar de novo',
  restart: 'Começar de novo',
  cancelledText: 'Você saiu da verificação antes de terminar.',
  resultText: {
    approved: 'Sua identidade foi verificada.',
    declined: 'Não conseguimos verificar sua identidade.',
    pending: 'Obrigado. Estamos analisando seus dados e vamos avisar você do resultado.',
    review: 'Uma pessoa está analisando sua verificação. Vamos avisar você do resultado.',
  },
  checking: {
    title: 'Verificando seu resultado',
    text: 'Isso costuma levar alguns segundos. Mantenha esta página aberta.',
  },
  later: {
    title: 'Seu resultado será informado em breve',
    text: 'Sua verificação foi enviada. O resultado ainda não está pronto; avisaremos você quando estiver.',
  },
  errors: {
    'config-invalid': { text: 'Esta verificação não está configurada corretamente neste site.' },
    'session-fetch-failed': { text: 'Confira sua conexão e tente de novo.' },
    'session-expired': { text: 'Sua sessão de verificação expirou.' },
    'frame-load-timeout': { text: 'Confira sua conexão e tente de novo.' },
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
  reload: 'Recarregar a página',
  stuckConfig: 'Você não pode resolver isso aqui. Entre em contato com o site e informe esta referência.',
  stuck:
    'Recarregue a página para começar de novo. Se acontecer de novo, entre em contato com o site e informe esta referência.',
});
