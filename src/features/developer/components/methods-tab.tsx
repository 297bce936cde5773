import { useStore } from '@nanostores/react';
import { cn } from '../../../lib/cn';
import { useMethodList } from '../api/methods';
import { developerMessages } from '../messages';
import { MethodDetail } from './method-detail';
import { MethodSelect } from './method-select';

interface MethodsTabProps {
  method: string | undefined;
  onMethodChange: (method: string) => void;
  onTry: (method: string) => void;
}

/** api_methodlist beside the chosen method's api_methoddata (docs/partner-api.md#common-methods); the choice is in the URL. */
export function MethodsTab({ method, onMethodChange, onTry }: MethodsTabProps) {
  const t = useStore(developerMessages);
  const { data: methods } = useMethodList();
  const chosen = method && methods.includes(method) ? method : methods[0];
  return (
    <div className="grid gap-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
      <nav aria-label={t.methodList}>
        <h2 className="text-sm font-semibold text-foreground">{t.methodList}</h2>
        <p className="text-xs text-muted-foreground">{t.methodCount(methods.length)}</p>
        {/* Narrow screens: the system's picker rather than a list taller than the screen. */}
        <MethodSelect methods={methods} value={chosen} onChange={onMethodChange} className="mt-3 lg:hidden" />
        <ul className="mt-2 hidden space-y-0.5 lg:block">
          {methods.map((m) => (
            <li key={m}>
              <button
                type="button"
                aria-current={m === chosen ? 'true' : undefined}
                onClick={() => onMethodChange(m)}
                className={cn(
                  'w-full rounded px-2 py-1.5 text-left font-mono text-sm text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
                  m === chosen && 'bg-accent font-semibold text-foreground',
                )}
              >
                {m}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        {chosen ? <MethodDetail key={chosen} name={chosen} onTry={() => onTry(chosen)} /> : <p>{t.chooseMethod}</p>}
      </div>
    </div>
  );
}
