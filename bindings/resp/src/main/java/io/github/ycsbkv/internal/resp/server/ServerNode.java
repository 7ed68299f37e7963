package io.github.ycsbkv.internal.resp.server;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;

/**
 * One server the probe and its events read from, behind the commands they send: {@code INFO}, {@code CONFIG GET}
 * and any other, each on a connection of their own. Immutable.
 *
 * @param info a section's {@code INFO} text
 * @param configGet {@code CONFIG GET} of a name
 * @param send a command, its reply as Jedis reads it
 * @param closer closes the connection
 */
public record ServerNode(Function<String, String> info, Function<String, Map<String, String>> configGet,
    Function<String[], Object> send, Runnable closer) {

  /** {@code client} as a node, which closing the node closes. */
  static ServerNode of(RedisClient client) {
    return new ServerNode(client::info, client::configGet, argv -> send(client, argv), client::close);
  }

  /** {@code argv} sent as one command on {@code client}: its reply as Jedis reads it (bulk strings as bytes). */
  static Object send(UnifiedJedis client, String... argv) {
    byte[] name = argv[0].getBytes(StandardCharsets.UTF_8);
    return client.sendCommand(() -> name, Arrays.copyOfRange(argv, 1, argv.length));
  }

  /** The reply to {@code argv} as text (a bulk string), or "" when it is none. */
  String text(String... argv) {
    return send.apply(argv) instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : "";
  }
}
