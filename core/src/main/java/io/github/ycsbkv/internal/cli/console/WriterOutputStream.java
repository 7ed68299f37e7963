package io.github.ycsbkv.internal.cli.console;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** Adapts the command line's error writer to the {@link java.io.PrintStream} the engine prints status to. */
public final class WriterOutputStream extends OutputStream {

  private final PrintWriter writer;
  private final java.io.ByteArrayOutputStream buffer = new java.io.ByteArrayOutputStream();

  public WriterOutputStream(PrintWriter writer) {
    this.writer = writer;
  }

  @Override
  public synchronized void write(int b) {
    buffer.write(b);
    if (b == '\n') {
      flush();
    }
  }

  @Override
  public synchronized void flush() {
    writer.print(buffer.toString(StandardCharsets.UTF_8));
    writer.flush();
    buffer.reset();
  }
}
