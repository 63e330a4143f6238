import { RequestRefused } from '../api';
import { h, replaceContent } from '../dom';
import { explain } from './explain';

/**
 * A console form made of typed fields, each with its reason beside it when
 * the API refuses it: one way for every form (the settings, a new team, a
 * new service, a subtype's check). A field's input follows its value: a
 * checkbox for a yes/no, a number, a comma-separated list, JSON for what is
 * structured, a choice, text, or text of several lines (a message).
 */
export interface Field {
  name: string;
  label: string;
  value: unknown;
  /** When the value's own type does not say it. */
  kind?: 'text' | 'multiline' | 'number' | 'checkbox' | 'list' | 'json' | 'select';
  options?: { value: string; label: string }[];
  required?: boolean;
  /** Left out of the values when empty (an optional field of a create). */
  optional?: boolean;
}

export interface FieldsForm {
  form: HTMLFormElement;
  /** The fields as the organiser set them (a JSON field that does not parse is refused beside it, and undefined is returned). */
  values(): Record<string, unknown> | undefined;
  /** Shows a refusal: each field's reason beside it, the rest in the status line. */
  refuse(error: unknown, say: (text: string) => void): void;
  first(): HTMLElement | undefined;
}

type Input = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function kindOf(field: Field): NonNullable<Field['kind']> {
  if (field.kind) return field.kind;
  if (typeof field.value === 'boolean') return 'checkbox';
  if (typeof field.value === 'number') return 'number';
  if (Array.isArray(field.value) && field.value.every((item) => typeof item === 'string')) return 'list';
  if (field.value !== null && typeof field.value === 'object') return 'json';
  return 'text';
}

export function fieldsForm(id: string, title: string, fields: Field[], submit: string, onSubmit: (values: Record<string, unknown>) => void): FieldsForm {
  const inputs = new Map<string, Input>();
  const errors = new Map<string, HTMLElement>();
  const rows = fields.map((field) => {
    const inputId = `${id}-${field.name}`;
    const kind = kindOf(field);
    let input: Input;
    if (kind === 'select') {
      input = h('select', { id: inputId, name: field.name }, ...(field.options ?? []).map((o) => h('option', { value: o.value }, o.label)));
      input.value = String(field.value ?? '');
    } else if (kind === 'json') {
      input = h('textarea', { id: inputId, name: field.name, rows: 4, spellcheck: 'false' }, field.value === undefined ? '' : JSON.stringify(field.value));
    } else if (kind === 'multiline') {
      input = h('textarea', { id: inputId, name: field.name, rows: 4 }, String(field.value ?? ''));
    } else if (kind === 'checkbox') {
      input = h('input', { id: inputId, name: field.name, type: 'checkbox' });
      input.checked = field.value === true;
    } else {
      const shown = field.value === null || field.value === undefined ? '' : Array.isArray(field.value) ? field.value.join(', ') : String(field.value);
      input = h('input', {
        id: inputId,
        name: field.name,
        type: kind === 'number' ? 'number' : 'text',
        step: kind === 'number' ? 'any' : null,
        value: shown,
        spellcheck: 'false',
      });
    }
    if (field.required) input.setAttribute('required', '');
    const error = h('span', { class: 'field-error', id: `${inputId}-error` });
    input.setAttribute('aria-describedby', `${inputId}-error`);
    inputs.set(field.name, input);
    errors.set(field.name, error);
    return h('div', { class: 'setting' }, h('label', { for: inputId }, field.label), input, error);
  });
  const form = h(
    'form',
    { class: 'member-form', 'aria-labelledby': `${id}-heading` },
    h('h2', { id: `${id}-heading` }, title),
    ...rows,
    h('button', { type: 'submit' }, submit),
  );

  const mark = (name: string, message: string) => {
    replaceContent(errors.get(name)!, message);
    inputs.get(name)!.setAttribute('aria-invalid', 'true');
  };
  const clear = () => {
    for (const [name, error] of errors) {
      replaceContent(error);
      inputs.get(name)!.removeAttribute('aria-invalid');
    }
  };
  const values = (): Record<string, unknown> | undefined => {
    clear();
    const out: Record<string, unknown> = {};
    let parsed = true;
    for (const field of fields) {
      const input = inputs.get(field.name)!;
      const kind = kindOf(field);
      const text = input.value.trim();
      if (field.optional && kind !== 'checkbox' && text === '') continue;
      if (kind === 'checkbox') out[field.name] = (input as HTMLInputElement).checked;
      else if (kind === 'number') out[field.name] = text === '' ? null : Number(text);
      else if (kind === 'list')
        out[field.name] = text
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item !== '');
      else if (kind === 'json') {
        try {
          out[field.name] = JSON.parse(text);
        } catch {
          mark(field.name, 'is not JSON');
          parsed = false;
        }
      } else out[field.name] = text === '' && field.value === null ? null : input.value;
    }
    return parsed ? out : undefined;
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const body = values();
    if (body) onSubmit(body);
  });
  return {
    form,
    values,
    first: () => inputs.values().next().value,
    refuse(error, say) {
      const unplaced: string[] = [];
      if (error instanceof RequestRefused) {
        for (const { path, message } of error.errors) {
          const name = path.split('.')[0]!;
          if (inputs.has(name)) mark(name, message);
          else unplaced.push(`${path}: ${message}`);
        }
      }
      say(
        error instanceof RequestRefused && error.status === 400 && error.errors.length > 0
          ? `Not saved: see the fields marked below.${unplaced.length ? ` ${unplaced.join('; ')}` : ''}`
          : explain(error),
      );
    },
  };
}

/** A fresh Idempotency-Key for a create form: made when the form opens, so a double submit creates once. */
export const idempotencyKey = () => crypto.randomUUID();
