package io.github.ycsbkv.internal.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The published values as the documents print them. */
class PublishedSectionTest {

  @Test
  void publishedValues_asTheDocumentsPrintThem() {
    assertEquals("0.0597", PublishedSection.shown(0.0597, "ms"));
    assertEquals("0.130", PublishedSection.shown(0.130, "ms"));
    assertEquals("0.102", PublishedSection.shown(0.102, "ms"));
    assertEquals("2.50", PublishedSection.shown(2.50, "ms"));
    assertEquals("11.75", PublishedSection.shown(11.75, "ms"));
    assertEquals("17,158", PublishedSection.shown(17_158, "ops/s"));
    assertEquals("-33.4", PublishedSection.shown(-33.4, "%"));
    assertEquals("52", PublishedSection.shown(52, "%"));
    assertEquals("5.15", PublishedSection.shown(5.15, "%"));
    assertEquals("232.1", PublishedSection.shown(232.1, "MB"));
    assertEquals("2,610", PublishedSection.shown(2_610, "MB"));
    assertEquals("58.98", PublishedSection.shown(58.98, "MB"));
  }
}
