package io.github.ycsbkv.it;

/** The RESP binding contract against a real `valkey-server` (skipped, saying why, when it is not on PATH). */
class ValkeyBindingIT extends RespBindingContract {
  @Override
  Store.Kind kind() {
    return Store.Kind.VALKEY;
  }
}
