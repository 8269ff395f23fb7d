// Types for the vendored Preact + htm build (preact-htm.js), so that tsc
// checks the boards without reading minified third-party code. Only what
// the client imports is declared, loosely: htm's templates are strings to tsc.

/** Anything Preact can draw. */
export type Child = unknown;

/** A tagged template that builds Preact elements. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Child;
export function h(type: unknown, props: unknown, ...children: unknown[]): Child;
export function render(node: Child, parent: Element): void;
export class Component {}
export function createContext<T>(value: T): unknown;

type SetState<T> = (value: T | ((previous: T) => T)) => void;
// A state that starts empty is filled later with whatever the page stores.
export function useState(initial: null): [any, SetState<any>];
export function useState<T>(initial: T | (() => T)): [T, SetState<T>];
export function useState<T = undefined>(): [T | undefined, SetState<T | undefined>];
export function useReducer<S, A>(reducer: (state: S, action: A) => S, initial: S): [S, (action: A) => void];
export function useEffect(effect: () => void | (() => void), inputs?: readonly unknown[]): void;
export function useLayoutEffect(effect: () => void | (() => void), inputs?: readonly unknown[]): void;
export function useRef(initial: null): { current: any };
export function useRef<T>(initial: T): { current: T };
export function useRef<T = undefined>(): { current: T | undefined };
export function useMemo<T>(factory: () => T, inputs: readonly unknown[]): T;
export function useCallback<T>(callback: T, inputs: readonly unknown[]): T;
export function useContext<T>(context: unknown): T;
export function useImperativeHandle(ref: unknown, create: () => unknown, inputs?: readonly unknown[]): void;
export function useDebugValue(value: unknown): void;
export function useErrorBoundary(callback?: (error: unknown) => void): [unknown, () => void];
