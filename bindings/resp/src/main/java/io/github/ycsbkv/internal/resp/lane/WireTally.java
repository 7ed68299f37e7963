package io.github.ycsbkv.internal.resp.lane;

/**
 * The requests of one operation and the bytes they put on the wire and took off it (the RESP bytes of their
 * commands and replies, before TLS), added as each call completes. A client's calls complete on one event loop (or
 * on its own thread, with Jedis): that thread, the first to add, adds to plain fields; any other thread under this
 * object's lock (three atomic adds a request cost 11% of a pipelined client's CPU, docs/benchmarks.md). They are
 * read once the calls completed (the completion publishes what was added before it).
 */
public final class WireTally {
  /** The thread whose adds need no lock: the first that added. Written once, under the lock. */
  private Thread writer;
  private long requests;
  private long sent;
  private long received;
  private long otherRequests;
  private long otherSent;
  private long otherReceived;

  /** One request more, with the bytes its command and reply took. */
  public void add(long bytesSent, long bytesReceived) {
    if (writer == Thread.currentThread()) {
      requests++;
      sent += bytesSent;
      received += bytesReceived;
      return;
    }
    synchronized (this) {
      if (writer == null) {
        writer = Thread.currentThread();
        requests++;
        sent += bytesSent;
        received += bytesReceived;
      } else {
        otherRequests++;
        otherSent += bytesSent;
        otherReceived += bytesReceived;
      }
    }
  }

  /** {requests, bytes sent, bytes received} so far: read after the calls completed. */
  public synchronized long[] counts() {
    return new long[] {requests + otherRequests, sent + otherSent, received + otherReceived};
  }
}
