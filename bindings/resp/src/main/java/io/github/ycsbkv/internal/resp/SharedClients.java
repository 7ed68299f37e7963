package io.github.ycsbkv.internal.resp;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import site.ycsb.DBException;

/**
 * Clients a process shares between its binding instances, one per configuration key, reference-counted: the first
 * {@link #acquire} creates one (under the lock, so that the others wait for it and a server that does not answer
 * costs one attempt), the last {@link #release} closes it. Releasing more often than acquiring is harmless.
 * Thread-safe (one lock, taken only at init and cleanup).
 *
 * @param <T> the client
 */
public final class SharedClients<T> {

  /** Creates a client, or says in one line why it cannot. */
  @FunctionalInterface
  public interface Factory<T> {
    T create() throws DBException;
  }

  private static final class Entry<T> {
    final T client;
    int users;

    Entry(T client) {
      this.client = client;
    }
  }

  private final Map<String, Entry<T>> clients = new HashMap<>();
  private final Consumer<T> closer;

  /** @param closer closes a client when its last user lets go (best effort, bounded in time) */
  public SharedClients(Consumer<T> closer) {
    this.closer = closer;
  }

  /** The client of {@code key}, created by {@code factory} for the first caller. */
  public synchronized T acquire(String key, Factory<T> factory) throws DBException {
    Entry<T> e = clients.get(key);
    if (e == null) {
      e = new Entry<>(factory.create());
      clients.put(key, e);
    }
    e.users++;
    return e.client;
  }

  /** Lets go of the client of {@code key}; the last user's release closes it. */
  public synchronized void release(String key) {
    Entry<T> e = clients.get(key);
    if (e != null && --e.users <= 0) {
      clients.remove(key);
      closer.accept(e.client);
    }
  }
}
