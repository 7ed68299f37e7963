package io.github.ycsbkv.dragonfly;

import io.lettuce.core.resource.DefaultEventLoopGroupProvider;
import io.lettuce.core.resource.EventLoopResources;
import io.lettuce.core.resource.IOUringProvider;
import io.lettuce.core.resource.Transports;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutorGroup;

/**
 * Lettuce's event loops, of the transport its channels use. Lettuce 7.1 opens io_uring channels whenever io_uring
 * loads (the RESP engine's jars bring it), but creates its loops by class, and in Netty 4.2 the io_uring and epoll
 * loop groups are one class ({@code MultiThreadIoEventLoopGroup}): it checks epoll first and hands an epoll loop to
 * an io_uring channel ("incompatible event loop type"). This provider gives io_uring loops to io_uring channels, so
 * that the Lettuce path works with both transports on the class path and without a JVM-wide property.
 * ({@code bin/ycsb} still sets {@code io.lettuce.core.iouring=false}, as before: Lettuce on epoll.)
 */
final class LettuceEventLoops extends DefaultEventLoopGroupProvider {

  LettuceEventLoops(int threads) {
    super(threads);
  }

  @Override
  protected <T extends EventLoopGroup> EventExecutorGroup doCreateEventLoopGroup(Class<T> type, int threads,
      io.lettuce.core.resource.ThreadFactoryProvider factories) {
    EventLoopResources uring = IOUringProvider.getResources();
    if (IOUringProvider.isAvailable() && uring.matches(type)
        && uring.socketChannelClass().equals(Transports.socketChannelClass())) {
      return uring.newEventLoopGroup(threads, factories.getThreadFactory("lettuce-io_uringEventLoop"));
    }
    return super.doCreateEventLoopGroup(type, threads, factories);
  }
}
