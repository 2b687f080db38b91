import { Transform } from 'class-transformer';
import { IsString, Length, ValidateBy } from 'class-validator';

/**
 * Characters that make a text show something other than what it holds: C0 and C1 controls (NUL,
 * escape …), DEL, and the bidi controls (embeddings, overrides, isolates, marks). With `lines`,
 * tabs and line breaks are let through.
 */
const hiddenCharacter = (lines: boolean) =>
  lines ? /(?![\t\n\r])[\p{Cc}\p{Bidi_Control}]/u : /[\p{Cc}\p{Bidi_Control}]/u;

/** Refuses hidden characters. Alone where a text is kept exactly as typed (orders); else within IsPersonsText. */
export function NoHiddenCharacters(lines = false): PropertyDecorator {
  const hidden = hiddenCharacter(lines);
  return ValidateBy({
    name: 'noHiddenCharacters',
    validator: {
      validate: (value) => typeof value === 'string' && !hidden.test(value),
      defaultMessage: () =>
        `$property may not contain control characters${lines ? ' (but tabs and line breaks)' : ''} or bidi controls`,
    },
  });
}

/**
 * A person's text (a game's name, an empire, a message), as it is stored: in NFC and trimmed, then
 * 1 to `max` characters, none of them hidden.
 */
export function IsPersonsText(max: number, { lines = false } = {}): PropertyDecorator {
  const decorators = [
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' ? value.normalize('NFC').trim() : value,
    ),
    IsString(),
    Length(1, max, { message: `$property must have 1 to ${max} characters, not counting spaces around it` }),
    NoHiddenCharacters(lines),
  ];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
}
