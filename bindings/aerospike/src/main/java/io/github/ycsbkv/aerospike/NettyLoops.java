package io.github.ycsbkv.aerospike;

import com.aerospike.client.async.EventLoopType;
import com.aerospike.client.async.EventLoops;
import com.aerospike.client.async.EventPolicy;
import com.aerospike.client.async.NettyEventLoops;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.kqueue.KQueue;
import io.netty.channel.kqueue.KQueueIoHandler;
import io.netty.channel.nio.NioIoHandler;

/** The Netty side of {@link AerospikeEventLoops}: loaded only when Netty loops are asked for. */
final class NettyLoops {

  private NettyLoops() {}

  static boolean epollAvailable() {
    try {
      return Epoll.isAvailable();
    } catch (LinkageError e) {
      return false;
    }
  }

  static boolean kqueueAvailable() {
    try {
      return KQueue.isAvailable();
    } catch (LinkageError e) {
      return false;
    }
  }

  static EventLoops create(AerospikeEventLoops.Transport t, EventPolicy policy, int count) {
    return switch (t) {
      case NETTY_EPOLL -> new NettyEventLoops(policy, new MultiThreadIoEventLoopGroup(count,
          EpollIoHandler.newFactory()), EventLoopType.NETTY_EPOLL);
      case NETTY_KQUEUE -> new NettyEventLoops(policy, new MultiThreadIoEventLoopGroup(count,
          KQueueIoHandler.newFactory()), EventLoopType.NETTY_KQUEUE);
      default -> new NettyEventLoops(policy, new MultiThreadIoEventLoopGroup(count, NioIoHandler.newFactory()),
          EventLoopType.NETTY_NIO);
    };
  }
}
