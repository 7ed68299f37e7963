package io.github.ycsbkv.internal.resp.wire;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.spi.Unavailable;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.security.GeneralSecurityException;
import java.util.Locale;
import javax.net.ssl.SSLException;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisClusterOperationException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * How the RESP bindings word a failure, whichever client library met it (the RESP engine, Jedis, Lettuce): a
 * connection that cannot be made becomes one line that says what is wrong and which property to change
 * ({@link #explain}); an operation's failure becomes its status, {@link Unavailable} when the store could not be
 * reached or said it cannot serve now ({@link #status}). Stateless.
 */
public final class RespErrors {

  private RespErrors() {}

  /** {@link #explain(RespConnection, String, Throwable)} naming the server by its address. */
  public static DBException explain(RespConnection c, Throwable e) {
    return explain(c, c.where(), e);
  }

  /**
   * One line for a failure to connect to (or set up a connection with) the server {@code c} describes, which
   * messages call {@code where}: wrong password, nothing listening, unknown host, TLS refused, no answer within the
   * timeout, the server closing the connection, or what the server said. The cause is left out: the line is
   * complete ({@code YCSB_KV_DEBUG} traces come from elsewhere).
   */
  public static DBException explain(RespConnection c, String where, Throwable e) {
    DBException one = explainOne(c, where, e);
    if (e instanceof RespException r && r.openedConnections() > 0) {
      // Some connections were open already: the server takes no more at once, or no more at all.
      return new DBException(String.format(Locale.ROOT, "opened %,d of one client thread's %,d connections to %s,"
          + " then: %s; the server takes no more connections at once (its accept queue: net.core.somaxconn, its"
          + " backlog) or at all (maxclients, open files): use fewer -threads, or -p connections=N to share N"
          + " connections between the clients", r.openedConnections(), r.laneConnections(), where, one.getMessage()));
    }
    return one;
  }

  private static DBException explainOne(RespConnection c, String where, Throwable e) {
    if (e instanceof RespException r && r.isWhole()) {
      return new DBException(r.getMessage());
    }
    Throwable root = rootOf(e);
    Throwable refused = UserError.findCause(e, ConnectException.class);
    if (refused != null) {
      root = refused;
    }
    SSLException ssl = UserError.findCause(e, SSLException.class);
    String tlsHint = c.tls().enabled() ? "; if it does not serve TLS, set " + c.property("tls") + "=false"
        : "; if it serves TLS, set " + c.property("tls") + "=true";
    // A server that asks for a client certificate closes a connection that gives none after the handshake.
    String certHint = c.tls().enabled() && c.tls().certFile() == null ? "; if it asks for a client certificate"
        + " (tls-auth-clients), give " + c.property("tls.cert") + " and " + c.property("tls.key") : "";
    String message;
    if (ssl == null && (e instanceof JedisAccessControlException || mentions(e, "WRONGPASS")
        || mentions(e, "NOAUTH") || mentions(e, "invalid password") || mentions(e, "authentication"))) {
      message = "authentication failed for user '" + (c.user() == null ? "default" : c.user()) + "' at " + where
          + "; check " + c.property("user") + " and " + c.property("password");
    } else if (root instanceof ConnectException) {
      message = "cannot connect to " + where + ": " + root.getMessage() + "; is the server running? ("
          + c.property("host") + ", " + c.property("port") + ")";
    } else if (root instanceof UnknownHostException) {
      message = "cannot resolve host " + root.getMessage() + " (" + c.property("host") + ")";
    } else if (ssl != null && c.tls().certFile() == null && mentions(e, "certificate_required")) {
      // TLS 1.3: the server's refusal of a connection without a client certificate comes as this alert when it
      // arrives before the handshake ends (else as a closed connection, below).
      message = "TLS handshake with " + where + " failed: the server asks for a client certificate ("
          + ssl.getMessage() + "); give " + c.property("tls.cert") + " and " + c.property("tls.key");
    } else if (ssl != null) {
      String why = UserError.findCause(e, GeneralSecurityException.class) != null && !(root instanceof SSLException)
          ? "the server's certificate is not trusted (" + root.getMessage() + ")" : ssl.getMessage();
      message = "TLS handshake with " + where + " failed: " + why + "; check " + c.property("tls.cafile") + "/"
          + c.property("tls.truststore") + (mentions(e, "subject alternative names") ? ", give " + c.property(
              "tls.sni") + "=NAME, a name the certificate holds" : "") + ", or " + c.property("tls.insecure")
          + "=true for a self-signed test server";
    } else if (root instanceof SocketTimeoutException) {
      message = "the server at " + where + " did not answer within " + c.timeoutMillis() + " ms ("
          + root.getMessage() + ")" + tlsHint;
    } else if (root instanceof SocketException || mentions(e, "end of stream")) {
      message = "the server at " + where + " closed the connection (" + root.getMessage() + ")" + tlsHint + certHint;
    } else if (e instanceof JedisDataException || (e instanceof RespException r && r.serverError())) {
      message = "the server at " + where + " refused the connection: " + e.getMessage();
    } else {
      message = "cannot talk to " + where + ": " + e.getMessage()
          + (root != e && root.getMessage() != null ? ": " + root.getMessage() : "");
    }
    return new DBException(message);
  }

  /**
   * An operation's failure in Jedis or the RESP engine as its status: {@link Unavailable} when the connection failed
   * or timed out (Jedis's {@code JedisConnectionException}, a cluster that ran out of attempts to reach a node) or
   * the server said it cannot serve now ({@link #isUnavailableReply}); else ERROR with the message.
   */
  public static Status status(RuntimeException e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    if (e instanceof JedisConnectionException || e instanceof JedisClusterOperationException
        || (e instanceof JedisDataException && isUnavailableReply(message))) {
      return new Unavailable(message);
    }
    return new Status("ERROR", message);
  }

  /**
   * Whether a RESP error reply says the server cannot serve now rather than that the command was wrong:
   * {@code LOADING} (reading its data set at start-up), {@code CLUSTERDOWN}, {@code MASTERDOWN} (a replica that
   * lost its primary), {@code READONLY} (a write sent to what became a replica in a failover).
   */
  public static boolean isUnavailableReply(String errorReply) {
    if (errorReply == null) {
      return false;
    }
    String s = errorReply.stripLeading();
    if (s.startsWith("ERR Cluster is not yet configured")) {
      return true; // a Dragonfly cluster node that has not been sent its slot map yet (started, or restarted)
    }
    int end = 0;
    while (end < s.length() && !Character.isWhitespace(s.charAt(end))) {
      end++;
    }
    return switch (s.substring(0, end).toUpperCase(Locale.ROOT)) {
      case "LOADING", "CLUSTERDOWN", "MASTERDOWN", "READONLY" -> true;
      default -> false;
    };
  }

  /** The deepest cause; Jedis reports the socket's failure as a suppressed exception, so follow those too. */
  private static Throwable rootOf(Throwable t) {
    Throwable root = t;
    for (int depth = 0; depth < 20; depth++) {
      if (root.getCause() != null && root.getCause() != root) {
        root = root.getCause();
      } else if (root.getSuppressed().length > 0) {
        root = root.getSuppressed()[0];
      } else {
        break;
      }
    }
    return root;
  }

  /** Whether {@code t} or one of its causes says {@code text} (ignoring case). */
  private static boolean mentions(Throwable t, String text) {
    String wanted = text.toLowerCase(Locale.ROOT);
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c.getMessage() != null && c.getMessage().toLowerCase(Locale.ROOT).contains(wanted)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The native transports word a refused connection "io_uring connect(..) failed: Connection refused" and a reset one
   * "io_uring read(..) failed: Connection reset by peer"; users read the socket's words, as Java's own sockets give
   * them ("Connection refused"). The native exception is left out of the chain, or its words would follow.
   */
  public static Throwable plain(Throwable t) {
    String m = t == null ? null : t.getMessage();
    int at = m == null ? -1 : m.indexOf("(..) failed: ");
    if (!(t instanceof java.io.IOException) || at < 0) {
      return t;
    }
    String words = m.substring(at + "(..) failed: ".length());
    java.io.IOException plain = t instanceof java.net.ConnectException ? new java.net.ConnectException(words)
        : new java.io.IOException(words);
    plain.setStackTrace(t.getStackTrace());
    return plain;
  }
}
