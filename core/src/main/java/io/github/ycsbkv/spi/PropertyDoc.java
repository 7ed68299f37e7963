package io.github.ycsbkv.spi;

import java.util.Objects;

/**
 * The documentation of one property a binding or workload reads.
 *
 * @param name the property name, for example {@code redis.host}
 * @param defaultValue the value used when the property is absent, or {@code null} when there is none
 * @param description one sentence, with the unit where the value has one
 */
public record PropertyDoc(String name, String defaultValue, String description) {

  /** Checks that name and description are present. */
  public PropertyDoc {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
  }
}
