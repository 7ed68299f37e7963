package io.github.ycsbkv.it;

/** The Dragonfly binding against a real {@code dragonfly} binary (skipped, saying why, when it is not on PATH). */
class DragonflyBindingIT extends DragonflyContract {
  @Override
  Store.Kind kind() {
    return Store.Kind.DRAGONFLY;
  }
}
