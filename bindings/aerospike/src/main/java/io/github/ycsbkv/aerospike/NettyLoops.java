package io.github.ycsbkv.aerospike;

import com.aerospike.client.async.EventLoopType;
import com.aerospike.client.async.EventLoops;
import com.aerospike.client.async.EventPolicy;
import com.aerospike.client.async.NettyEventLoops;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
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

  static EventLoops create(AerospikeEventLoops.Transport t, EventPolicy policy, int count) {
    boolean epoll = t == AerospikeEventLoops.Transport.NETTY_EPOLL;
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(count,
        epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
    return new NettyEventLoops(policy, group, epoll ? EventLoopType.NETTY_EPOLL : EventLoopType.NETTY_NIO);
  }
}
