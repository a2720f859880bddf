import type { MessageId } from "./messages.en.ts";

// Typed as a full record, so a key missing from the Arabic catalog fails the type check.
export const ar: Record<MessageId, string> = {
  "success.ok": "تم.",
  "success.health": "الخادم يعمل.",
  "success.profile": "ملفك الشخصي.",
  "success.loggedOut": "تم تسجيل خروجك.",
  "error.badRequest": "الطلب غير صالح.",
  "error.malformedJson": "محتوى الطلب ليس بصيغة JSON صالحة.",
  "error.unsupportedMediaType": "أرسل محتوى الطلب بصيغة JSON (Content-Type: application/json).",
  "error.payloadTooLarge": "محتوى الطلب كبير جدًا.",
  "error.unauthorized": "يرجى تسجيل الدخول للمتابعة.",
  "error.forbidden": "غير مسموح لك بهذا الإجراء.",
  "error.notFound": "هذا العنوان غير موجود.",
  "error.methodNotAllowed": "هذا العنوان لا يقبل هذه الطريقة؛ استخدم POST.",
  "error.conflict": "يتعارض هذا مع بيانات موجودة.",
  "error.validation": "بعض الحقول غير صالحة.",
  "error.tooManyRequests": "طلبات كثيرة جدًا. يرجى الانتظار ثم المحاولة مجددًا.",
  "error.internal": "حدث خطأ من جهتنا. يرجى المحاولة مجددًا.",
  "error.notImplemented": "هذه الميزة غير متاحة بعد.",
  "error.badGateway": "أجابت خدمة نعتمد عليها بشكل غير صحيح. يرجى المحاولة مجددًا.",
  "error.unavailable": "الخدمة غير متاحة. يرجى المحاولة بعد قليل.",
};
