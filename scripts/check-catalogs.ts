import { readFileSync } from "node:fs";
import { locales } from "../contract/vocabulary.ts";

// Every message must exist, translated, in every language: Arabic is never partial.
function entries(locale: string, catalog: string): Map<string, string> {
  const text = readFileSync(`locales/${locale}/${catalog}.po`, "utf8");
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

// The app's catalog, and the legal documents' own (lingui.config.ts).
const catalogs = ["messages", "legal"];
let problems = 0;
let total = 0;
for (const name of catalogs) {
  const source = entries("en", name);
  total += source.size;
  for (const locale of locales.filter((l) => l !== "en")) {
    const catalog = entries(locale, name);
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
}
console.log(`Catalogs: ${total} messages, ${problems} problems`);
if (problems > 0) process.exitCode = 1;
