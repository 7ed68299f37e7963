package io.github.ycsbkv.it;

import io.github.ycsbkv.redis.RedisDB;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import site.ycsb.DBException;

/**
 * The redis binding with a client made to stall (#35): every 50 ms, its event loop is blocked for 20 ms, as a long
 * collector pause or a busy neighbour would block it. An open loop on it falls behind its schedule by up to 20 ms, and
 * must say that the client, not the store, was the bottleneck.
 */
public class StallingRedisDB extends RedisDB {

  private ScheduledFuture<?> stalls;

  @Override
  public void init() throws DBException {
    super.init();
    Executor loop = completionExecutor();
    if (loop instanceof ScheduledExecutorService s) {
      stalls = s.scheduleAtFixedRate(() -> {
        try {
          Thread.sleep(20);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }, 50, 50, TimeUnit.MILLISECONDS);
    }
  }

  @Override
  public void cleanup() {
    if (stalls != null) {
      stalls.cancel(false);
    }
    super.cleanup();
  }
}
