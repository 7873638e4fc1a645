import { CheckCircle2, Info, TriangleAlert, X, XCircle } from 'lucide-react';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { limits } from '#shared/limits';
import { t } from '../../lib/shell-text.ts';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: string;
  message: string;
  type: ToastType;
  /** The open sheet it is said in (a failure while a sheet is open), else the screen's corner. */
  sheet?: string;
  shownAt: number;
}

interface ToastApi {
  /**
   * Shows a toast (type `info` unless said otherwise); returns its id. Words already on screen
   * are not shown twice: two parts of the app may say one thing (a live event and the
   * guard both say why a session ended).
   */
  showToast(message: string, type?: ToastType): string;
  dismissToast(id: string): void;
  /** An open sheet says failures inside itself (SheetMessages) until `closeSheet`. */
  openSheet(sheet: string): void;
  closeSheet(sheet: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);
const ToastListContext = createContext<Toast[]>([]);

/** A message said this long before its sheet closes may not have been read: it stays on screen. */
const JUST_SAID_MS = 1500;

const isFailure = (type: ToastType) => type === 'error' || type === 'warning';

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  // Open sheets, the top one last; read when a message is said, so not state.
  const sheets = useRef<string[]>([]);
  const dismissToast = useCallback((id: string) => {
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);
  const showToast = useCallback((message: string, type: ToastType = 'info') => {
    const id = crypto.randomUUID();
    const sheet = isFailure(type) ? sheets.current.at(-1) : undefined;
    setToasts((list) => {
      if (list.some((toast) => toast.message === message && toast.type === type)) return list;
      // A sheet says one failure at a time: the latest is what her next tap answers.
      const kept = sheet ? list.filter((toast) => toast.sheet !== sheet) : list;
      return [...kept, { id, message, type, shownAt: Date.now(), ...(sheet ? { sheet } : {}) }];
    });
    return id;
  }, []);
  const openSheet = useCallback((sheet: string) => {
    sheets.current = [...sheets.current, sheet];
  }, []);
  const closeSheet = useCallback((sheet: string) => {
    sheets.current = sheets.current.filter((open) => open !== sheet);
    const now = Date.now();
    setToasts((list) =>
      list.flatMap((toast) => {
        if (toast.sheet !== sheet) return [toast];
        // Said as the sheet closed (a warning with the success that closes it): still to read.
        if (now - toast.shownAt < JUST_SAID_MS) return [{ ...toast, sheet: undefined }];
        return [];
      }),
    );
  }, []);
  const api = useMemo(
    () => ({ showToast, dismissToast, openSheet, closeSheet }),
    [showToast, dismissToast, openSheet, closeSheet],
  );
  return (
    <ToastContext.Provider value={api}>
      <ToastListContext.Provider value={toasts}>{children}</ToastListContext.Provider>
    </ToastContext.Provider>
  );
}

/** The toast API. Using it outside ToastProvider is a developer error (spec 8). */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

const icons = {
  success: CheckCircle2,
  error: XCircle,
  info: Info,
  warning: TriangleAlert,
} as const;

const tones: Record<ToastType, string> = {
  success: 'border-emerald-200 bg-white text-stone-900 [&_svg.kind]:text-emerald-600',
  error: 'border-red-200 bg-white text-stone-900 [&_svg.kind]:text-red-600',
  info: 'border-stone-200 bg-white text-stone-900 [&_svg.kind]:text-accent-600',
  warning: 'border-amber-200 bg-white text-stone-900 [&_svg.kind]:text-amber-600',
};

function ToastItem({
  toast,
  onDismiss,
  stays = false,
}: {
  toast: Toast;
  onDismiss: (id: string) => void;
  /** In a sheet it covers nothing, and stays until closed by hand or with the sheet. */
  stays?: boolean;
}) {
  const timer = useRef<number | undefined>(undefined);
  const start = useCallback(
    (ms: number) => {
      window.clearTimeout(timer.current);
      if (!stays) timer.current = window.setTimeout(() => onDismiss(toast.id), ms);
    },
    [onDismiss, toast.id, stays],
  );
  useEffect(() => {
    start(limits.toastDismissMs);
    return () => window.clearTimeout(timer.current);
  }, [start]);
  const Icon = icons[toast.type];
  return (
    <li
      data-testid="toast"
      data-type={toast.type}
      role={isFailure(toast.type) ? 'alert' : 'status'}
      className={`pointer-events-auto flex w-full animate-toast-in items-start gap-3 rounded-2xl border p-4 ${stays ? '' : 'shadow-lg'} ${tones[toast.type]}`}
      onPointerEnter={() => window.clearTimeout(timer.current)}
      onPointerLeave={() => start(limits.toastDismissAfterHoverMs)}
    >
      <Icon className="kind mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p className="flex-1 text-sm leading-5 font-medium">{toast.message}</p>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        className="-m-2 grid size-9 shrink-0 place-items-center rounded-full text-stone-500 hover:bg-stone-100 hover:text-stone-800"
        aria-label={t('toast.close')}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}

/**
 * The one place that decides where messages appear, clear of the next thing she taps: at the
 * top on a phone (the bottom bar and the post button are at the bottom), at the bottom right
 * from tablet width (where each screen's actions, the post button among them, sit at the top
 * of its page), and above every sheet and dialog. A failure said while a sheet is open is said
 * inside it instead (SheetMessages), beside the button that failed. React Aria's top layer (`data-react-aria-top-layer`,
 * as its own toasts are marked) keeps them read out and reachable while a modal hides the rest.
 */
export function ToastViewport() {
  const toasts = useContext(ToastListContext);
  const { dismissToast } = useToast();
  return (
    <section
      aria-label={t('toast.region')}
      data-react-aria-top-layer="true"
      data-testid="toast-region"
      className="pointer-events-none fixed inset-x-0 top-[calc(env(safe-area-inset-top)+0.5rem)] z-[65] flex justify-center px-4 md:top-auto md:right-4 md:bottom-4 md:left-auto md:w-96 md:px-0"
    >
      <ol className="flex w-full max-w-md flex-col gap-2">
        {toasts
          .filter((toast) => toast.sheet === undefined)
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismissToast} />
          ))}
      </ol>
    </section>
  );
}

/**
 * The failures said while this sheet is open, inside it above its buttons: a toast over the
 * sheet would lie on what she is typing, and one under it would not be seen. Mounted with the
 * sheet's content, it opens the sheet to messages and closes it when the sheet goes.
 */
export function SheetMessages() {
  const sheet = useId();
  const toasts = useContext(ToastListContext);
  const { dismissToast, openSheet, closeSheet } = useToast();
  useEffect(() => {
    openSheet(sheet);
    return () => closeSheet(sheet);
  }, [sheet, openSheet, closeSheet]);
  const mine = toasts.filter((toast) => toast.sheet === sheet);
  if (mine.length === 0) return null;
  return (
    <ol data-testid="sheet-messages" className="flex flex-col gap-2 bg-white px-5 pt-3">
      {mine.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={dismissToast} stays />
      ))}
    </ol>
  );
}
