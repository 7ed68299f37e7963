package io.github.ycsbkv.engine;

import io.github.ycsbkv.spi.RenamedProperties;
import java.util.List;
import java.util.Properties;

/** A {@link ShapedAsyncDB} whose earlier release called {@code connections} {@code shaped.connections}. */
public class RenamingAsyncDB extends ShapedAsyncDB implements RenamedProperties {

  @Override
  public List<String> renameProperties(Properties p) {
    String old = p.getProperty("shaped.connections");
    if (old == null) {
      return List.of();
    }
    p.setProperty("connections", old);
    return List.of("shaped.connections=" + old + " is replaced by -p connections=" + old);
  }
}
