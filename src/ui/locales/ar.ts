import type { Messages } from '../i18n';
import type { ScreenMessages } from '../screen-messages';

export const messages: Messages = {
  frameTitle: 'التحقق من الهوية',
  loading: 'جارٍ تحميل التحقق…',
  close: 'إغلاق',
  announce: { ready: 'التحقق جاهز', inProgress: 'التحقق قيد التنفيذ', submitted: 'تم الإرسال، يرجى الانتظار', step: 'الخطوة {index} من {total}' },
};

export const screens: ScreenMessages = {
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
};
