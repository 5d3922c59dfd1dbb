package dev.jsm.mad.txn;

import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.DrPath;

/** The {@link MadTransactions} contract over the scripted {@link FakeMadChannel}. */
class FakeChannelMadTransactionsTest extends AbstractMadTransactionsContractTest {

    private static final int MAX_HOPS = 8;

    @Override
    protected FabricUnderTest openFabric() {
        return new FabricUnderTest() {
            private final FakeMadChannel channel = new FakeMadChannel();

            @Override
            public MadChannel openChannel() {
                return channel;
            }

            @Override
            public int maxHops() {
                return MAX_HOPS;
            }

            @Override
            public DrPath route(int hops) {
                int[] ports = new int[hops];
                for (int i = 0; i < hops; i++) {
                    ports[i] = 1 + (i * 7) % FakeMadChannel.PORTS;
                }
                return DrPath.of(ports);
            }

            @Override
            public long nodeGuid(DrPath route) {
                return FakeMadChannel.nodeGuid(route);
            }

            @Override
            public DrPath unroutableRoute() {
                return DrPath.of(1, FakeMadChannel.PORTS + 1);
            }

            @Override
            public void setLoss(double requestRate, double responseRate, long seed) {
                channel.setLoss(requestRate, responseRate, seed);
            }

            @Override
            public void close() {
                channel.close();
            }
        };
    }
}
