package io.github.ycsbkv.internal.resp.wire;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import site.ycsb.DBException;

/**
 * A RESP server address given as {@code redis://[user:password@]host:port[/db]}, or
 * {@code rediss://} for TLS, as the {@code redis.uri} and {@code dragonfly.uri} properties take it.
 * Absent parts are {@code null} (or -1 for the port and database). Immutable; {@link #toString()}
 * masks the password.
 *
 * @param host the host, or null
 * @param port the port, or -1
 * @param user the user, or null
 * @param password the password (URL-decoded), or null
 * @param database the database number, or -1
 * @param tls whether the scheme is {@code rediss}
 */
public record RespUri(String host, int port, String user, String password, int database, boolean tls) {

  /** Parses {@code text}; {@code property} names the property in error messages. */
  public static RespUri parse(String text, String property) throws DBException {
    URI uri;
    try {
      uri = new URI(text.trim());
    } catch (URISyntaxException e) {
      throw new DBException(property + " is not a valid URI (expected redis://[user:password@]host:port[/db])");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("redis") && !scheme.equals("rediss")) {
      throw new DBException(property + " must start with redis:// or rediss://, got '" + scheme + "://'");
    }
    String user = null;
    String password = null;
    if (uri.getRawUserInfo() != null) {
      String info = uri.getRawUserInfo();
      int colon = info.indexOf(':');
      if (colon < 0) {
        password = decode(info);
      } else {
        user = colon == 0 ? null : decode(info.substring(0, colon));
        password = decode(info.substring(colon + 1));
      }
    }
    int database = -1;
    String path = uri.getPath();
    if (path != null && path.length() > 1) {
      try {
        database = Integer.parseInt(path.substring(1));
      } catch (NumberFormatException e) {
        throw new DBException(property + ": the path must be a database number, got '" + path + "'");
      }
    }
    return new RespUri(uri.getHost(), uri.getPort(), user, password, database, scheme.equals("rediss"));
  }

  private static String decode(String s) {
    return URLDecoder.decode(s, StandardCharsets.UTF_8);
  }

  @Override
  public String toString() {
    return (tls ? "rediss://" : "redis://") + (user == null ? "" : user) + (password == null ? "" : ":*****")
        + (user == null && password == null ? "" : "@") + host + ":" + port + (database < 0 ? "" : "/" + database);
  }
}
