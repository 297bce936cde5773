import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { getMethod, type MethodName } from '../../../api/registry';
import type { MethodData } from '../../../api/schemas';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, inputVariants } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useZodForm } from '../../../lib/use-zod-form';
import { developerMessages, type DeveloperMessages } from '../messages';
import {
  allowedHttpMethods,
  argNames,
  checkRequest,
  requirementsOf,
  type Problem,
  type RequestProblems,
  type RequestValues,
  type Requirements,
} from '../request-check';

/** A problem in words; `shown`: the field shows its expression already. */
function problemText(t: DeveloperMessages, p: Problem, shown = false): string {
  if (p.kind === 'required') return t.requiredMissing;
  if (p.kind === 'notString') return t.notString;
  if (p.kind === 'uncompilable') return t.uncompilable({ pattern: p.pattern });
  return shown ? t.mismatchAbove : t.mismatch({ pattern: p.pattern });
}

function bodyText(t: DeveloperMessages, p: RequestProblems): string | null {
  if (p.bodyNotObject) return t.bodyNotObject;
  const fields = Object.entries(p.post).map(([name, problem]) =>
    problem.kind === 'required' ? t.postRequired({ name }) : t.postProblem({ name, problem: problemText(t, problem) }),
  );
  return fields.length > 0 ? fields.join(' ') : null;
}

/** The request's schema: each value checked against api_methoddata (request-check.ts), each problem on its field. */
function requestSchema(t: DeveloperMessages, data: MethodData, required: Requirements) {
  return z
    .object({
      path: z.array(z.string()),
      args: z.array(z.string()),
      body: z.string(),
      httpMethod: z.enum(['GET', 'POST']),
    })
    .check(
      z.superRefine((values, ctx) => {
        const problems = checkRequest(data, values, required);
        problems.path.forEach((p, i) => {
          if (p)
            ctx.addIssue({
              code: 'custom',
              path: ['path', i],
              message: problemText(t, p, true),
              input: values.path[i],
            });
        });
        problems.args.forEach((p, i) => {
          if (p)
            ctx.addIssue({
              code: 'custom',
              path: ['args', i],
              message: problemText(t, p, true),
              input: values.args[i],
            });
        });
        const body = bodyText(t, problems);
        if (body) ctx.addIssue({ code: 'custom', path: ['body'], message: body, input: values.body });
      }),
    );
}

/** Starting values: path entries by position, named arguments by name. */
export interface RequestDefaults {
  path?: string[];
  args?: Readonly<Record<string, string>>;
  body?: string;
}

interface RequestFormProps {
  method: MethodName;
  data: MethodData;
  defaults?: RequestDefaults;
  pending: boolean;
  onSend: (values: RequestValues) => void;
}

/**
 * The parameters of one method, from its api_methoddata: a field per path
 * entry and named argument (named as this dashboard's registry names them,
 * else by position), the HTTP method where there is a choice, a POST body.
 * Required values are marked (every path entry; the named arguments the spec
 * requires); nothing is sent until each is there and every value matches its
 * expression.
 */
export function RequestForm({ method, data, defaults, pending, onSend }: RequestFormProps) {
  const t = useStore(developerMessages);
  const required = useMemo(() => requirementsOf(method), [method]);
  const schema = useMemo(() => requestSchema(t, data, required), [t, data, required]);
  const names = argNames(data);
  const allowed = allowedHttpMethods(data);
  const paths = data.path ?? [];
  const form = useZodForm(schema, {
    defaultValues: {
      path: paths.map((_, i) => defaults?.path?.[i] ?? ''),
      args: names.map((name) => (defaults?.args && Object.hasOwn(defaults.args, name) ? defaults.args[name] : '')),
      body: defaults?.body ?? '',
      httpMethod: allowed[0],
    },
  });
  const httpMethod = useWatch({ control: form.control, name: 'httpMethod' });
  const errors = form.formState.errors;
  const registryPath = getMethod(method)?.path ?? [];

  return (
    <form noValidate className="space-y-4" onSubmit={(e) => void form.handleSubmit(onSend)(e)}>
      {paths.length > 0 || names.length > 0 ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {paths.map((pattern, i) => (
            <Field
              key={`path-${i}`}
              label={registryPath[i]?.name ?? t.pathEntry({ n: i + 1 })}
              hint={
                <>
                  <code className="font-mono text-xs wrap-anywhere">{pattern}</code> · {t.requiredArg}
                </>
              }
              error={errors.path?.[i]?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register(`path.${i}`)}
                  aria-required
                  spellCheck={false}
                  autoComplete="off"
                />
              )}
            </Field>
          ))}
          {names.map((name, i) => (
            <Field
              key={`arg-${name}`}
              label={<code className="font-mono">{name}</code>}
              hint={
                <>
                  <code className="font-mono text-xs wrap-anywhere">{data.argv?.[name]}</code> ·{' '}
                  {required.argv.includes(name) ? t.requiredArg : t.notSent}
                </>
              }
              error={errors.args?.[i]?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register(`args.${i}`)}
                  aria-required={required.argv.includes(name) || undefined}
                  spellCheck={false}
                  autoComplete="off"
                />
              )}
            </Field>
          ))}
        </div>
      ) : null}
      {allowed.length > 1 ? (
        <Field label={t.httpMethod} className="max-w-40">
          {(control) => (
            <Select
              {...control}
              value={httpMethod}
              onValueChange={(v) => form.setValue('httpMethod', v)}
              options={allowed.map((m) => ({ value: m, label: m }))}
            />
          )}
        </Field>
      ) : (
        <p className="text-sm text-muted-foreground">
          {t.httpMethod}: <code className="font-mono text-foreground">{allowed[0]}</code>
        </p>
      )}
      {httpMethod === 'POST' ? (
        <Field
          label={t.body}
          hint={
            required.post.length > 0
              ? `${t.bodyHint} ${t.bodyRequired({ names: required.post.join(', ') })}`
              : t.bodyHint
          }
          error={errors.body?.message}
        >
          {(control) => (
            <textarea
              {...control}
              {...form.register('body')}
              rows={5}
              spellCheck={false}
              className={cn(inputVariants({ size: null }), 'border-input py-2 font-mono text-sm')}
            />
          )}
        </Field>
      ) : null}
      <Button type="submit" disabled={pending}>
        {pending ? <Spinner /> : null}
        {pending ? t.sending : t.send}
      </Button>
    </form>
  );
}
