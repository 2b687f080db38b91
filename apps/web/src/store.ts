import { useEffect, useState } from 'preact/hooks';

/** A value the screens share and re-render on: the client's whole state machinery. */
export class Store<T> {
  private readonly listeners = new Set<(value: T) => void>();

  constructor(private current: T) {}

  get value(): T {
    return this.current;
  }

  set(value: T) {
    this.current = value;
    this.listeners.forEach((listen) => listen(value));
  }

  subscribe(listen: (value: T) => void): () => void {
    this.listeners.add(listen);
    return () => this.listeners.delete(listen);
  }
}

export function useStore<T>(store: Store<T>): T {
  const [value, setValue] = useState(store.value);
  useEffect(() => {
    setValue(store.value);
    return store.subscribe(setValue);
  }, [store]);
  return value;
}
