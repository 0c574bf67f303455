/**
 * At most `size` tasks run at once; the rest wait in arrival order. Password hashing goes through
 * one of these so a burst of registrations cannot take every CPU (and libuv thread) from logins.
 */
export function createPool(size: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  return {
    get size() {
      return size;
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= size) await new Promise<void>((ok) => waiting.push(ok));
      running++;
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
