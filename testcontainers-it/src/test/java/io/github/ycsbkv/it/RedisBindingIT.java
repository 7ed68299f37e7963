package io.github.ycsbkv.it;

/** The RESP binding contract against a real `redis-server` (skipped, saying why, when it is not on PATH). */
class RedisBindingIT extends RespBindingContract {
  @Override
  Store.Kind kind() {
    return Store.Kind.REDIS;
  }
}
