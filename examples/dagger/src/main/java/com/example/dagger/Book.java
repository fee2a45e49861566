package com.example.dagger;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;

@Entity
public record Book(@Key String isbn, String title, @Index String author) {}
