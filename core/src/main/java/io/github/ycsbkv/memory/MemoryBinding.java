package io.github.ycsbkv.memory;

import io.github.ycsbkv.spi.Binding;
import java.util.List;

/** Registers {@link MemoryDB} under the name {@code memory}. Immutable. */
public final class MemoryBinding implements Binding {

  @Override
  public List<String> names() {
    return List.of("memory");
  }

  @Override
  public String dbClassName() {
    return "io.github.ycsbkv.memory.MemoryDB";
  }

  @Override
  public String description() {
    return "in-process concurrent sorted map (no server; data lives as long as the JVM)";
  }
}
