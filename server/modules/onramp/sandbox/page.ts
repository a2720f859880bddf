// The sandbox's payment page: plain HTML forms (no script, so the app's CSP holds), in the app's
// language and direction. It stands where Swipelux's hosted checkout would.
import type { Locale } from "../../../../contract/vocabulary.ts";
import type { SandboxOrderRow } from "../schema.ts";
import { TEST_CARDS } from "./cards.ts";

export type Notice = "declined" | "invalidNumber" | "invalidExpiry" | "invalidCvc" | "closed" | null;

const words = {
  en: {
    title: "Sandbox checkout",
    banner: "Test mode: no real card is charged.",
    pay: "Pay",
    buying: "You receive",
    fee: "Fee",
    card: "Card number",
    expiry: "Expiry (MM/YY)",
    cvc: "CVC",
    submit: "Pay now",
    cancel: "Cancel payment",
    cards: "Test cards",
    success: "succeeds",
    decline: "is declined",
    challenge: "asks for 3-D Secure",
    retry: "is declined, then the retry succeeds",
    refund: "succeeds, then is refunded",
    chargeback: "succeeds, then is charged back",
    anyFuture: "Any future expiry and any 3-digit CVC.",
    challengeTitle: "3-D Secure",
    challengeText: "Your bank asks you to confirm this payment.",
    approve: "Complete authentication",
    reject: "Fail authentication",
    paid: "Payment received. Your crypto is on its way.",
    processing: "Processing: the crypto is being delivered.",
    completed: "Done. You can close this window and go back to Sarraf.",
    failed: "The payment failed. Nothing was charged. You can close this window.",
    cancelled: "The payment was cancelled. You can close this window.",
    expired: "This payment expired. You can close this window.",
    refunded: "The payment was refunded to the card. You can close this window.",
    chargedBack: "The card's bank took the payment back (a chargeback). You can close this window.",
    declined: "The card was declined. Nothing was charged.",
    invalidNumber: "Check the card number.",
    invalidExpiry: "Check the expiry date: MM/YY, in the future.",
    invalidCvc: "Enter the 3- or 4-digit CVC.",
    closed: "This payment can no longer be changed.",
    notFound: "No such payment.",
  },
  ar: {
    title: "صفحة الدفع التجريبية",
    banner: "وضع الاختبار: لن تُخصم أي مبالغ من بطاقة حقيقية.",
    pay: "ادفع",
    buying: "تستلم",
    fee: "الرسوم",
    card: "رقم البطاقة",
    expiry: "تاريخ الانتهاء (MM/YY)",
    cvc: "رمز التحقق CVC",
    submit: "ادفع الآن",
    cancel: "إلغاء الدفع",
    cards: "بطاقات الاختبار",
    success: "تنجح",
    decline: "تُرفض",
    challenge: "تطلب التحقق 3-D Secure",
    retry: "تُرفض، ثم تنجح إعادة المحاولة",
    refund: "تنجح، ثم تُسترد الدفعة",
    chargeback: "تنجح، ثم يستردها المصرف (اعتراض على الدفعة)",
    anyFuture: "أي تاريخ انتهاء في المستقبل وأي رمز CVC من 3 أرقام.",
    challengeTitle: "التحقق 3-D Secure",
    challengeText: "يطلب منك المصرف تأكيد هذه الدفعة.",
    approve: "إتمام التحقق",
    reject: "إفشال التحقق",
    paid: "تم استلام الدفعة. عملتك الرقمية في الطريق.",
    processing: "قيد المعالجة: يجري تسليم العملة الرقمية.",
    completed: "تم. يمكنك إغلاق هذه النافذة والعودة إلى صرّاف.",
    failed: "فشلت الدفعة ولم يُخصم أي مبلغ. يمكنك إغلاق هذه النافذة.",
    cancelled: "أُلغيت الدفعة. يمكنك إغلاق هذه النافذة.",
    expired: "انتهت مهلة هذه الدفعة. يمكنك إغلاق هذه النافذة.",
    refunded: "أُعيدت الدفعة إلى البطاقة. يمكنك إغلاق هذه النافذة.",
    chargedBack: "استرد مصرف البطاقة الدفعة (اعتراض على الدفعة). يمكنك إغلاق هذه النافذة.",
    declined: "رُفضت البطاقة ولم يُخصم أي مبلغ.",
    invalidNumber: "تحقق من رقم البطاقة.",
    invalidExpiry: "تحقق من تاريخ الانتهاء: MM/YY، في المستقبل.",
    invalidCvc: "أدخل رمز CVC المكوّن من 3 أو 4 أرقام.",
    closed: "لم يعد بالإمكان تغيير هذه الدفعة.",
    notFound: "لا توجد دفعة بهذا المعرّف.",
  },
} as const;

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const ltr = (text: string) => `<bdi dir="ltr">${escape(text)}</bdi>`;

function shell(locale: Locale, body: string, refresh: boolean): string {
  const w = words[locale];
  return `<!doctype html>
<html lang="${locale}" dir="${locale === "ar" ? "rtl" : "ltr"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${refresh ? '<meta http-equiv="refresh" content="2">' : ""}
<title>${escape(w.title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f6fb;color:#111827}
main{max-width:26rem;margin:0 auto;padding:1rem}
.banner{background:#fef3c7;color:#78350f;padding:.5rem .75rem;border-radius:.5rem;font-size:.875rem}
.card{background:#fff;border-radius:.75rem;padding:1rem;margin-block:1rem;box-shadow:0 1px 3px #0002}
.amount{font-size:1.75rem;font-weight:700;margin:.25rem 0}
label{display:block;margin-block:.75rem .25rem;font-weight:600}
input{box-sizing:border-box;width:100%;font:inherit;padding:.6rem;border:1px solid #9ca3af;border-radius:.5rem;direction:ltr;text-align:start}
button{font:inherit;padding:.7rem 1rem;border-radius:.5rem;border:0;cursor:pointer;width:100%;margin-top:1rem}
.primary{background:#1d4ed8;color:#fff}.secondary{background:#e5e7eb;color:#111827}
.danger{background:#b91c1c;color:#fff}
.notice{background:#fee2e2;color:#7f1d1d;padding:.6rem .75rem;border-radius:.5rem}
.done{background:#dcfce7;color:#14532d;padding:.6rem .75rem;border-radius:.5rem}
ul{padding-inline-start:1.2rem;font-size:.875rem}
</style>
</head>
<body><main>
<p class="banner">${escape(w.banner)}</p>
${body}
</main></body></html>`;
}

/** Minor units as a plain decimal with all the asset's places, as the app shows them (0.00033770). */
function plain(units: bigint, decimals: number): string {
  const digits = units.toString().padStart(decimals + 1, "0");
  const fraction = digits.slice(digits.length - decimals);
  return `${digits.slice(0, digits.length - decimals)}${fraction ? `.${fraction}` : ""}`;
}

export function notFoundPage(locale: Locale): string {
  return shell(locale, `<div class="card"><p class="notice">${escape(words[locale].notFound)}</p></div>`, false);
}

export function paymentPage(order: SandboxOrderRow, locale: Locale, notice: Notice): string {
  const w = words[locale];
  const action = `/onramp/sandbox/pay/${order.id}`;
  const lang = `?lang=${locale}`;
  const fiat = `${(order.fiatCents / 100n).toString()}.${(order.fiatCents % 100n).toString().padStart(2, "0")} ${order.currency}`;
  // As the app words it: what the buyer receives (after the merchant's fee), and the fee.
  const fee = order.merchantFeeUnits < order.cryptoUnits ? order.merchantFeeUnits : 0n;
  const crypto = `${plain(order.cryptoUnits - fee, order.decimals)} ${order.asset}`;
  const feeLine = fee > 0n ? `<p>${escape(w.fee)} ${ltr(`${plain(fee, order.decimals)} ${order.asset}`)}</p>` : "";
  const head = `<div class="card"><h1>${escape(w.pay)}</h1><p class="amount">${ltr(fiat)}</p><p>${escape(w.buying)} ${ltr(crypto)}</p>${feeLine}</div>`;
  const noticeHtml = notice ? `<p class="notice" role="alert">${escape(w[notice])}</p>` : "";
  if (order.status === "pending" && order.outcome === "challenge") {
    return shell(
      locale,
      `${head}<div class="card"><h2>${escape(w.challengeTitle)}</h2><p>${escape(w.challengeText)}</p>${noticeHtml}
<form method="post" action="${action}/authenticate${lang}"><input type="hidden" name="approve" value="yes"><button class="primary">${escape(w.approve)}</button></form>
<form method="post" action="${action}/authenticate${lang}"><input type="hidden" name="approve" value="no"><button class="danger">${escape(w.reject)}</button></form></div>`,
      false,
    );
  }
  if (order.status === "pending") {
    const list = (
      [
        [TEST_CARDS.success, w.success],
        [TEST_CARDS.decline, w.decline],
        [TEST_CARDS.challenge, w.challenge],
        [TEST_CARDS.retry, w.retry],
        [TEST_CARDS.refund, w.refund],
        [TEST_CARDS.chargeback, w.chargeback],
      ] as const
    )
      .map(([number, what]) => `<li>${ltr(number.replace(/(\d{4})(?=\d)/g, "$1 "))} — ${escape(what)}</li>`)
      .join("");
    return shell(
      locale,
      `${head}<div class="card">${noticeHtml}
<form method="post" action="${action}${lang}">
<label for="number">${escape(w.card)}</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiry">${escape(w.expiry)}</label><input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" required>
<label for="cvc">${escape(w.cvc)}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required>
<button class="primary">${escape(w.submit)}</button></form>
<form method="post" action="${action}/cancel${lang}"><button class="secondary">${escape(w.cancel)}</button></form></div>
<div class="card"><h2>${escape(w.cards)}</h2><ul>${list}</ul><p>${escape(w.anyFuture)}</p></div>`,
      false,
    );
  }
  const state = order.status === "paid" ? w.paid : w[order.status];
  const tone = order.status === "completed" || order.status === "paid" || order.status === "processing" ? "done" : "notice";
  // A declined card whose retry is due, and a payment about to be returned, keep the page refreshing too.
  const moving = order.status === "paid" || order.status === "processing" || order.nextAt !== null;
  return shell(
    locale,
    `${head}<div class="card">${notice === "declined" ? noticeHtml : ""}<p class="${tone}" role="status">${escape(state)}</p></div>`,
    moving,
  );
}
