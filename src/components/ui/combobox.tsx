import * as Popover from '@radix-ui/react-popover';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn';
import type { FieldControlProps } from './field';
import { ChevronDownIcon } from './icons';
import { inputVariants } from './input';

export interface ComboboxOption {
  value: string;
  label: string;
  /** Shown after the label, dimmed (a country's code). */
  detail?: string;
}

type ComboboxProps = Partial<FieldControlProps> & {
  /** The value held: an option's value, or text no option has (kept as the user or the record left it). */
  value: string;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  /** The options that match what is typed ('' = all), best first. */
  filter: (text: string) => readonly ComboboxOption[];
  /** The text shown for the value held when it is not being edited. */
  display: (value: string) => string;
  /** The value to hold for text typed and left without choosing (Tab, a click elsewhere, Enter). */
  parse: (text: string) => string;
  /** Names the list of options and the button that opens it. */
  listLabel: string;
  /** Said when nothing matches. */
  noMatches: string;
  placeholder?: string;
  className?: string;
};

/**
 * An editable combobox with a list popup (WAI-ARIA APG "combobox with list
 * autocomplete"): typing filters the list, arrow keys move through it
 * (aria-activedescendant, focus stays in the input), Enter or a click
 * chooses, Escape closes the list and then restores the text. Text typed and
 * left without choosing is kept (`parse`), never thrown away. The list is a
 * Radix Popover (placement that flips at the viewport's edge, dismissed by a
 * click outside), non-modal, so no scroll lock and no inline <style> (the CSP).
 */
export function Combobox({
  value,
  onValueChange,
  onBlur,
  filter,
  display,
  parse,
  listLabel,
  noMatches,
  placeholder,
  className,
  id,
  name,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
}: ComboboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const listId = `${inputId}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const anchorRef = useRef<HTMLDivElement>(null);
  /** The text being typed; null while the value's own text shows. */
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = open ? filter(text ?? '') : [];
  const activeOption = active >= 0 ? options[active] : undefined;
  // Open with nothing to choose from: only the "no matches" message shows.
  const expanded = open && options.length > 0;
  const optionId = (i: number) => `${listId}-${i}`;

  useEffect(() => {
    if (open && active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, listId]);

  const openList = (highlight: 'current' | 'first' | 'last') => {
    const list = filter(text ?? '');
    const current = list.findIndex((o) => o.value === value);
    setOpen(true);
    setActive(highlight === 'last' ? list.length - 1 : highlight === 'current' && current >= 0 ? current : 0);
  };
  const choose = (option: ComboboxOption) => {
    onValueChange(option.value);
    setText(null);
    setOpen(false);
  };
  const commit = () => {
    if (text !== null) onValueChange(parse(text));
    setText(null);
    setOpen(false);
  };
  const move = (by: number) => {
    if (!open) return openList(by > 0 ? 'current' : 'last');
    if (options.length === 0) return;
    setActive((i) => (i + by + options.length) % options.length);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (e.altKey && e.key === 'ArrowDown') return openList('current');
      move(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter') {
      if (open && activeOption) {
        // Chooses; the form is not submitted.
        e.preventDefault();
        choose(activeOption);
      } else {
        // The form may be submitted next: what was typed counts.
        commit();
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        setOpen(false);
      } else if (text !== null) {
        e.preventDefault();
        setText(null);
      }
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={(next) => (next ? openList('current') : setOpen(false))}>
      <Popover.Anchor asChild>
        <div ref={anchorRef} className={cn('relative', className)}>
          <input
            ref={inputRef}
            id={inputId}
            name={name}
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && activeOption ? optionId(active) : undefined}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            placeholder={placeholder}
            className={cn(inputVariants(), 'border-input pr-10')}
            value={text ?? display(value)}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setOpen(true);
              setActive(e.currentTarget.value.trim() === '' ? -1 : 0);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              commit();
              onBlur?.();
            }}
          />
          <button
            type="button"
            tabIndex={-1}
            aria-label={listLabel}
            aria-expanded={expanded}
            aria-controls={listId}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-muted-foreground"
            // Keeps the focus (and an edit in progress) in the input.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              inputRef.current?.focus();
              if (open) setOpen(false);
              else openList('current');
            }}
          >
            <ChevronDownIcon />
          </button>
        </div>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          asChild
          align="start"
          sideOffset={4}
          collisionPadding={8}
          onOpenAutoFocus={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => e.preventDefault()}
          onInteractOutside={(e) => {
            // A click in the input or on its button is the combobox's own.
            if (e.target instanceof Node && anchorRef.current?.contains(e.target)) e.preventDefault();
          }}
        >
          {/* Not a dialog (Radix's default role): a frame for the list, which never takes the focus. */}
          <div
            role="presentation"
            onMouseDown={(e) => e.preventDefault()}
            className="z-50 max-h-[min(18rem,var(--radix-popover-content-available-height))] w-[var(--radix-popover-trigger-width)] min-w-56 overflow-y-auto rounded-md border border-border bg-surface p-1 text-sm text-foreground shadow-lg"
          >
            {expanded ? (
              <ul id={listId} role="listbox" aria-label={listLabel}>
                {options.map((option, i) => (
                  <li
                    key={option.value}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    onClick={() => choose(option)}
                    onMouseMove={() => setActive(i)}
                    className={cn(
                      'flex cursor-pointer items-baseline justify-between gap-3 rounded px-2 py-1.5',
                      i === active && 'bg-accent',
                      option.value === value && 'font-semibold',
                    )}
                  >
                    <span>{option.label}</span>
                    {option.detail ? <span className="text-xs text-muted-foreground">{option.detail}</span> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p role="status" className="px-2 py-2 text-muted-foreground">
                {noMatches}
              </p>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
