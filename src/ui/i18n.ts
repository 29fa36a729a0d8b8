import type { ErrorCode } from '../flow/errors';

/**
 * The widget's own text. No React here: the element uses it for the frame title and the live region
 * before the UI chunk has loaded.
 */

export const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
const RTL: ReadonlySet<Language> = new Set(['ar']);

export type ResultKind = 'approved' | 'declined' | 'pending' | 'review';

export interface Messages {
  frameTitle: string;
  loading: string;
  close: string;
  retry: string;
  restart: string;
  cancelledTitle: string;
  cancelledText: string;
  resultTitle: Record<ResultKind, string>;
  resultText: Record<ResultKind, string>;
  errorTitle: string;
  errors: Record<ErrorCode, string>;
  announce: { ready: string; inProgress: string; submitted: string; step: string };
}

const en: Messages = {
  frameTitle: 'Identity verification',
  loading: 'Loading verification…',
  close: 'Close',
  retry: 'Try again',
  restart: 'Start again',
  cancelledTitle: 'Verification cancelled',
  cancelledText: 'You left the verification before it finished.',
  resultTitle: { approved: 'Verification approved', declined: 'Verification declined', pending: 'Verification submitted', review: 'Verification under review' },
  resultText: {
    approved: 'Your identity has been verified.',
    declined: 'We could not verify your identity.',
    pending: 'Thank you. We are checking your details and will let you know the result.',
    review: 'A person is reviewing your verification. We will let you know the result.',
  },
  errorTitle: 'Something went wrong',
  errors: {
    'config-invalid': 'This verification is not set up correctly. Please contact the site.',
    'session-fetch-failed': 'We could not start the verification.',
    'session-expired': 'Your verification session expired.',
    'frame-load-timeout': 'The verification did not load.',
    'camera-unavailable': 'We could not use your camera. Allow camera access and try again.',
    'provider-error': 'The verification service reported a problem.',
    offline: 'You are offline. The verification will continue when you are back online.',
  },
  announce: { ready: 'Verification ready', inProgress: 'Verification in progress', submitted: 'Submitted, please wait', step: 'Step {index} of {total}' },
};

const es: Messages = {
  frameTitle: 'Verificación de identidad',
  loading: 'Cargando la verificación…',
  close: 'Cerrar',
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
  announce: { ready: 'Verificación lista', inProgress: 'Verificación en curso', submitted: 'Enviado, espera por favor', step: 'Paso {index} de {total}' },
};

const fr: Messages = {
  frameTitle: "Vérification d'identité",
  loading: 'Chargement de la vérification…',
  close: 'Fermer',
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
  announce: { ready: 'Vérification prête', inProgress: 'Vérification en cours', submitted: 'Envoyé, veuillez patienter', step: 'Étape {index} sur {total}' },
};

const de: Messages = {
  frameTitle: 'Identitätsprüfung',
  loading: 'Identitätsprüfung wird geladen…',
  close: 'Schließen',
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
  announce: { ready: 'Prüfung bereit', inProgress: 'Prüfung läuft', submitted: 'Übermittelt, bitte warten', step: 'Schritt {index} von {total}' },
};

const pt: Messages = {
  frameTitle: 'Verificação de identidade',
  loading: 'A carregar a verificação…',
  close: 'Fechar',
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
  announce: { ready: 'Verificação pronta', inProgress: 'Verificação em curso', submitted: 'Enviado, aguarde', step: 'Passo {index} de {total}' },
};

const ar: Messages = {
  frameTitle: 'التحقق من الهوية',
  loading: 'جارٍ تحميل التحقق…',
  close: 'إغلاق',
  retry: 'إعادة المحاولة',
  restart: 'البدء من جديد',
  cancelledTitle: 'تم إلغاء التحقق',
  cancelledText: 'لقد غادرت التحقق قبل إكماله.',
  resultTitle: { approved: 'تمت الموافقة على التحقق', declined: 'تم رفض التحقق', pending: 'تم إرسال التحقق', review: 'التحقق قيد المراجعة' },
  resultText: {
    approved: 'تم التحقق من هويتك.',
    declined: 'تعذّر علينا التحقق من هويتك.',
    pending: 'شكرًا لك. نحن نراجع بياناتك وسنبلغك بالنتيجة.',
    review: 'يقوم شخص بمراجعة التحقق الخاص بك. سنبلغك بالنتيجة.',
  },
  errorTitle: 'حدث خطأ ما',
  errors: {
    'config-invalid': 'لم يتم إعداد هذا التحقق بشكل صحيح. يرجى التواصل مع الموقع.',
    'session-fetch-failed': 'تعذّر بدء التحقق.',
    'session-expired': 'انتهت صلاحية جلسة التحقق.',
    'frame-load-timeout': 'لم يتم تحميل التحقق.',
    'camera-unavailable': 'تعذّر استخدام الكاميرا. اسمح بالوصول إلى الكاميرا ثم أعد المحاولة.',
    'provider-error': 'أبلغت خدمة التحقق عن مشكلة.',
    offline: 'أنت غير متصل بالإنترنت. سيستمر التحقق عند عودة الاتصال.',
  },
  announce: { ready: 'التحقق جاهز', inProgress: 'التحقق قيد التنفيذ', submitted: 'تم الإرسال، يرجى الانتظار', step: 'الخطوة {index} من {total}' },
};

const CATALOGUE: Record<Language, Messages> = { en, es, fr, de, pt, ar };

/** BCP 47 tag → the nearest language the widget has, by primary subtag; English otherwise. */
export function resolveLanguage(tag: string | undefined | null): Language | undefined {
  if (!tag) return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : undefined;
}

export function messagesFor(language: Language): Messages {
  return CATALOGUE[language];
}

export function isRtl(language: Language): boolean {
  return RTL.has(language);
}

export function format(template: string, values: Record<string, string | number | undefined>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
}
