package io.github.ycsbkv.spi;

/**
 * What a store says of its own state at one moment while a phase runs: its memory, its keys, its evictions and
 * expiries, its reads' hits and misses, whether it is saving, and how far its replicas are behind. The engine reads
 * it every status interval ({@link ServerProbe#state()}) and draws the phase's timeline from the differences. A
 * cluster's figures are added up over the nodes the probe reads (a save in progress on any node is one in progress).
 *
 * <p>Counters run from the server's start: only differences of them mean something. A figure the store does not
 * report is -1, never 0.
 *
 * @param usedMemoryBytes memory the server accounts to its data and structures, or -1
 * @param rssBytes resident set size of the server process(es), or -1
 * @param keys keys (or objects) stored, or -1
 * @param evictedKeys keys evicted to stay within the memory limit since the server started, or -1
 * @param expiredKeys keys removed on their expiry since the server started, or -1
 * @param hits reads that found their key since the server started, or -1
 * @param misses reads that did not, or -1
 * @param saving whether a snapshot (Redis's {@code BGSAVE}, Dragonfly's save) is being written now
 * @param rewriting whether an append-only file is being rewritten now
 * @param lastForkMicros how long the server's last fork (for a snapshot or a rewrite) stopped it, in microseconds,
 *     or -1 where it does not fork or has not yet
 * @param replicas replicas attached to the server (over every node), or -1
 * @param replicaLagBytes the most bytes any replica is behind its primary's replication offset, or -1 without one
 * @param replicaLagRecords the most journal records any replica is behind (Dragonfly, whose primary counts its
 *     replication in records, not bytes), or -1 without one or on other servers
 * @param replicaAckSeconds the most seconds since a replica last acknowledged its offset (Redis's {@code lag=}),
 *     or -1 without one
 * @param redirections a cluster's redirections answered ({@code MOVED} and {@code ASK}) since the nodes started,
 *     over every node, or -1 where the server does not count them
 * @param source where the figures come from, for example {@code INFO memory, stats, persistence, replication}
 */
public record ServerState(long usedMemoryBytes, long rssBytes, long keys, long evictedKeys, long expiredKeys,
    long hits, long misses, boolean saving, boolean rewriting, long lastForkMicros, int replicas,
    long replicaLagBytes, long replicaLagRecords, long replicaAckSeconds, long redirections, String source) {

  /**
   * This state with {@code records} as its replicas' lag in journal records, and no acknowledgement's age (Dragonfly's
   * {@code lag=} is not one in seconds).
   */
  public ServerState withReplicaLagRecords(long records) {
    return new ServerState(usedMemoryBytes, rssBytes, keys, evictedKeys, expiredKeys, hits, misses, saving, rewriting,
        lastForkMicros, replicas, replicaLagBytes, records, -1, redirections, source);
  }
}
