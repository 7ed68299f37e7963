package io.github.ycsbkv.it;

/** The RESP binding contract against a real `keydb-server` (skipped, saying why, when it is not on PATH). */
class KeydbBindingIT extends RespBindingContract {
  @Override
  Store.Kind kind() {
    return Store.Kind.KEYDB;
  }
}
