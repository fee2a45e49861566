package com.example.dagger;

import dagger.Module;
import dagger.Provides;
import io.kvmapper.KvStore;
import io.kvmapper.rocksdb.RocksKvStore;
import jakarta.inject.Singleton;
import java.nio.file.Path;

@Module
final class StoreModule {
    private StoreModule() {
    }

    @Provides
    @Singleton
    static KvStore store() {
        return RocksKvStore.open(Path.of("target", "library-data"));
    }
}
