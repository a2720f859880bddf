import { describe, expect, it } from "vitest";
import { bodyTextProblems, MULTILINE_FIELDS, textProblem } from "../../../server/platform/http/json-body.ts";

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const CONTROL_CHARACTERS = [...range(0x00, 0x1f), 0x7f, ...range(0x80, 0x9f)].map((code) => String.fromCharCode(code));
const hex = (char: string) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;

describe("textProblem", () => {
  it("finds C0, DEL and C1 control characters and lone surrogates, and nothing else", () => {
    const wrong: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const char = String.fromCharCode(code);
      const control = code < 0x20 || (code >= 0x7f && code <= 0x9f);
      const surrogate = code >= 0xd800 && code <= 0xdfff;
      if (textProblem(`a${char}b`) !== (control ? "field.controlCharacters" : surrogate ? "field.invalid" : undefined)) wrong.push(hex(char));
    }
    expect(wrong).toEqual([]);
    expect(textProblem("🔑 \ud83d\udd11")).toBeUndefined();
    expect(textProblem("\udd11\ud83d")).toBe("field.invalid");
    expect(textProblem("end\ud83d")).toBe("field.invalid");
  });
});

describe("multi-line fields", () => {
  it("are listed per path: the contact form's message only", () => {
    expect(MULTILINE_FIELDS).toEqual({ "/api/v1/contactus/add": ["message"] });
  });

  it("allow tab and line feed, and only those, in the fields a path lists", () => {
    const multiline = new Set(["message"]);
    for (const char of CONTROL_CHARACTERS) {
      const allowed = char === "\t" || char === "\n";
      expect(textProblem(`a${char}b`, true), hex(char)).toBe(allowed ? undefined : "field.controlCharacters");
      expect(textProblem(`a${char}b`), hex(char)).toBe("field.controlCharacters");
      const problems = bodyTextProblems({ message: `line one${char}line two`, subject: `a${char}b`, [`k${char}`]: "x" }, multiline);
      expect({ ...problems }, hex(char)).toEqual({
        ...(allowed ? {} : { message: "field.controlCharacters" }),
        subject: "field.controlCharacters",
        [`k${char}`]: "field.controlCharacters",
      });
    }
    // Nested strings under a multi-line field may hold lines too; keys never.
    expect({ ...bodyTextProblems({ message: { parts: ["a\nb", "c\td"] } }, multiline) }).toEqual({});
    expect({ ...bodyTextProblems({ message: { ["a\nb"]: "x" } }, multiline) }).toEqual({ message: "field.controlCharacters" });
  });

  it("walk deep nesting without overflowing the stack", () => {
    const deep = JSON.parse("[".repeat(100_000) + '"a\\u0000"' + "]".repeat(100_000));
    expect({ ...bodyTextProblems({ field: deep }) }).toEqual({ field: "field.controlCharacters" });
  });
});
