import type { Messages } from '../i18n';
import type { ScreenMessages } from '../screen-messages';

export const messages: Messages = {
  frameTitle: 'التحقق من الهوية',
  loading: 'جارٍ تحميل التحقق…',
  close: 'إغلاق',
  offline: 'أنت غير متصل بالإنترنت. يتم الاحتفاظ بتقدّمك، وسيستمر التحقق عند عودة الاتصال.',
  slow: 'يستغرق هذا وقتًا أطول من المعتاد…',
  announce: { ready: 'التحقق جاهز', inProgress: 'التحقق قيد التنفيذ', submitted: 'تم الإرسال، يرجى الانتظار', step: 'الخطوة {index} من {total}' },
};

export const screens: ScreenMessages = {
  retry: 'إعادة المحاولة',
  restart: 'البدء من جديد',
  done: 'تم',
  cancelledTitle: 'تم إلغاء التحقق',
  cancelledText: 'لقد غادرت التحقق قبل اكتماله.',
  resultTitle: {approved: 'تمت الموافقة على التحقق', declined: 'تم رفض التحقق', pending: 'تم إرسال التحقق', review: 'التحقق قيد المراجعة'},
  resultText: {
    approved: 'تم التحقق من هويتك.',
    declined: 'تعذّر علينا التحقق من هويتك.',
    pending: 'شكرًا لك. نحن نراجع بياناتك وسنبلغك بالنتيجة.',
    review: 'يقوم شخص بمراجعة التحقق الخاص بك. سنبلغك بالنتيجة.',
  },
  errors: {
    'config-invalid': { title: 'التحقق غير متاح', text: 'لم يتم إعداد هذا التحقق بشكل صحيح على هذا الموقع.' },
    'session-fetch-failed': { title: 'تعذّر بدء التحقق', text: 'تحقق من اتصالك ثم حاول مرة أخرى.' },
    'session-expired': { title: 'انتهت صلاحية الجلسة', text: 'انتهت صلاحية جلسة التحقق الخاصة بك.' },
    'frame-load-timeout': { title: 'لم يتم تحميل التحقق', text: 'تحقق من اتصالك ثم حاول مرة أخرى.' },
    'camera-unavailable': { title: 'الكاميرا غير متاحة', text: 'اسمح لهذا الموقع بالوصول إلى الكاميرا (رمز الكاميرا في شريط العنوان أو إعدادات هاتفك)، ثم حاول مرة أخرى. يمكنك أيضًا المتابعة على جهاز آخر.' },
    'provider-error': { title: 'أبلغت خدمة التحقق عن مشكلة', text: 'يرجى المحاولة مرة أخرى.' },
    offline: { title: 'أنت غير متصل بالإنترنت', text: 'يتم الاحتفاظ بتقدّمك. سيستمر التحقق عند عودة الاتصال.' },
  },
  stuck: 'أعد تحميل الصفحة للبدء من جديد. إذا تكرر ذلك، فتواصل مع الموقع واذكر هذا المرجع.',
  reference: 'المرجع',
};
