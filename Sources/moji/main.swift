print("moji")
