#!/bin/sh
a=(1 2)
