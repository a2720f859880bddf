import { readFileSync } from "node:fs";
import { locales } from "../machines/shell/locale.machine.ts";

// Every message must exist, translated, in every language: Arabic is never partial.
function entries(locale: string): Map<string, string> {
  const text = readFileSync(`locales/${locale}/messages.po`, "utf8");
  const result = new Map<string, string>();
  for (const block of text.split(/\n\s*\n/)) {
    if (/^#~/m.test(block)) continue; // obsolete entries
    const id = /^msgid "(.*)"/m.exec(block)?.[1];
    if (id === undefined || id === "") continue;
    const str = /^msgstr ((?:".*"\s*)+)/m.exec(block)?.[1] ?? '""';
    result.set(id, [...str.matchAll(/"(.*)"/g)].map((match) => match[1]).join(""));
  }
  return result;
}

const source = entries("en");
let problems = 0;
for (const locale of locales.filter((name) => name !== "en")) {
  const catalog = entries(locale);
  for (const [id] of source) {
    if (!catalog.get(id)) {
      console.error(`${locale}: no translation for ${id}`);
      problems++;
    }
  }
  for (const id of catalog.keys()) {
    if (source.has(id)) continue;
    console.error(`${locale}: ${id} is not in the source catalog (run npm run extract)`);
    problems++;
  }
}
console.log(`Catalogs: ${source.size} messages, ${problems} problems`);
if (problems > 0) process.exitCode = 1;
